import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authSecret, env } from "../env";
import { db } from "../db";
import { isLocale } from "../i18n/locales";
import { signIn } from "../server/auth/sign-in";
import { setUserLocale } from "../server/users/set-locale";
import type { Role } from "./permissions";

/** A session lasts one working day; deactivation or a password reset ends it at once. */
const SESSION_SECONDS = 12 * 60 * 60;

/**
 * The client address for the per-address sign-in limit, or null when it cannot be trusted.
 * X-Forwarded-For is whatever the client sent unless a trusted proxy wrote it; the proxy
 * appends the address it saw, so the last entry is the one to believe.
 */
export function clientAddress(forwarded: string | string[] | undefined, trustProxy: boolean): string | null {
  if (!trustProxy) return null;
  const header = Array.isArray(forwarded) ? forwarded.join(",") : forwarded;
  return header?.split(",").map((part) => part.trim()).filter(Boolean).at(-1) ?? null;
}

export function authOptions(): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_SECONDS },
    pages: { signIn: "/login", error: "/login" },
    useSecureCookies: env().NEXTAUTH_URL.startsWith("https://"),
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { type: "email" }, password: { type: "password" }, locale: { type: "text" } },
        async authorize(credentials, req) {
          const ip = clientAddress(req?.headers?.["x-forwarded-for"], env().CLINAUDIT_TRUST_PROXY);
          const user = await signIn(credentials?.email ?? "", credentials?.password ?? "", ip);
          // A language chosen on the sign-in page becomes the profile's.
          if (isLocale(credentials?.locale)) await setUserLocale(db(), user.id, credentials.locale);
          return { id: user.id, email: user.email, name: user.name, role: user.role, sv: user.sessionVersion };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          const u = user as unknown as { id: string; role: Role; sv: number };
          token.sub = u.id;
          token.role = u.role;
          token.sv = u.sv;
        }
        return token;
      },
      session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.sub, role: token.role, sv: token.sv } };
      },
    },
  };
}
