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
          const forwarded = req?.headers?.["x-forwarded-for"];
          const ip = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim() ?? "local";
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
