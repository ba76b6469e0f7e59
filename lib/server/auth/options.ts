import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { cookies } from "next/headers";
import { authSecret, env, oidcConfig } from "../../env";
import { db } from "../../db";
import { isLocale, LOCALE_COOKIE } from "../../i18n/locales";
import { signIn } from "./sign-in";
import { setUserLocale } from "../users/set-locale";
import { completeSsoSignIn, ssoAccount } from "./sso-sign-in";
import { passwordSignInState } from "./sso-settings";
import { PASSWORD_OFF, ssoErrorCode } from "../../auth/sso-errors";
import { SSO_PROVIDER_ID, ssoProvider } from "../../auth/sso-provider";
import type { Role } from "../../auth/permissions";

import { redirectOnSite } from "../../auth/callback-url";
import { DEVICE_COOKIE, readCookie } from "../../auth/device-cookie";
import { SESSION_SECONDS } from "../../auth/session-age";
import { clientAddress } from "../../auth/client-address";

export function authOptions(): NextAuthOptions {
  const sso = oidcConfig();
  return {
    secret: authSecret(),
    // Both: session.maxAge is the cookie's life, jwt.maxAge the token's (next-auth's default is
    // 30 days), and the token is what the server believes. The absolute limit is authAt.
    session: { strategy: "jwt", maxAge: SESSION_SECONDS },
    jwt: { maxAge: SESSION_SECONDS },
    pages: { signIn: "/login", error: "/login" },
    useSecureCookies: env().NEXTAUTH_URL.startsWith("https://"),
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { type: "email" }, password: { type: "password" }, locale: { type: "text" } },
        async authorize(credentials, req) {
          // Turned off by an admin once SSO works (lib/auth/sso-mapping.ts passwordSignInOpen).
          if (sso && !(await passwordSignInState(db(), sso)).open) throw new Error(PASSWORD_OFF);
          const headers = req?.headers as Record<string, string | string[] | undefined> | undefined;
          const ip = clientAddress(headers?.["x-forwarded-for"], env().CLINAUDIT_TRUST_PROXY);
          const cookie = headers?.cookie;
          const deviceCookie = readCookie(Array.isArray(cookie) ? cookie.join("; ") : cookie, DEVICE_COOKIE);
          const user = await signIn({
            email: credentials?.email ?? "",
            password: credentials?.password ?? "",
            ip,
            deviceCookie,
            secret: authSecret(),
          });
          // A language chosen on the sign-in page becomes the profile's.
          if (isLocale(credentials?.locale)) await setUserLocale(db(), user.id, credentials.locale);
          return { id: user.id, email: user.email, name: user.name, role: user.role, sv: user.sessionVersion };
        },
      }),
      ...(sso ? [ssoProvider(sso)] : []),
    ],
    callbacks: {
      // SSO: link, create or refuse (lib/server/auth/sso-sign-in.ts); a refusal lands on the
      // sign-in page with its reason. The password form's checks are in authorize().
      async signIn({ account, profile }) {
        if (account?.provider !== SSO_PROVIDER_ID) return true;
        if (!sso || !profile) return false;
        const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
        const result = await completeSsoSignIn(db(), sso, profile as Record<string, unknown>, isLocale(chosen) ? chosen : undefined);
        return result.ok ? true : new URL(`/login?error=${ssoErrorCode(result.reason)}`, env().NEXTAUTH_URL).toString();
      },
      async jwt({ token, user, account }) {
        // The IdP's subject is not our user id: the account the sign-in callback linked to it is.
        if (user && account?.provider === SSO_PROVIDER_ID && sso) {
          const linked = await ssoAccount(db(), sso.issuer, account.providerAccountId);
          if (!linked) throw new Error("SSO sign-in without a linked account");
          user = { id: linked.id, role: linked.role, sv: linked.sessionVersion } as never;
        }
        if (user) {
          const u = user as unknown as { id: string; role: Role; sv: number };
          token.sub = u.id;
          token.role = u.role;
          token.sv = u.sv;
          // When the password was checked; kept through next-auth's token refreshes.
          token.authAt = Math.floor(Date.now() / 1000);
          // How: a password session ends when an admin turns password sign-in off (current-user.ts).
          token.via = account?.provider === SSO_PROVIDER_ID ? "sso" : "password";
        }
        return token;
      },
      session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.sub, role: token.role, sv: token.sv, authAt: token.authAt } };
      },
      // After sign-in and sign-out: only ever a path on this site (lib/auth/callback-url.ts).
      redirect({ url, baseUrl }) {
        return redirectOnSite(url, baseUrl);
      },
    },
  };
}
