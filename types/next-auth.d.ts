import type { Role } from "@/lib/auth/permissions";

declare module "next-auth/jwt" {
  interface JWT {
    role?: Role;
    /** The user's sessionVersion when the token was issued. */
    sv?: number;
    /** Seconds since the epoch when the password was checked (lib/auth/session-age.ts). */
    authAt?: number;
  }
}
