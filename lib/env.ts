// The one place that reads process.env: every setting is checked and typed here.
import { z } from "zod";
import path from "node:path";
import { parseDatabaseUrl } from "./db/target";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // Unset: the SQLite file clinaudit.db in CLINAUDIT_DATA_DIR.
  DATABASE_URL: z
    .string()
    .optional()
    .refine((url) => {
      try {
        if (url !== undefined) parseDatabaseUrl(url);
        return true;
      } catch {
        return false;
      }
    }, "must be file:<path> (SQLite) or postgresql://… (PostgreSQL)"),
  NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  NEXTAUTH_URL: z.url().default("http://localhost:3000"),
  CLINAUDIT_DATA_DIR: z.string().default("./data"),
  CLINAUDIT_DEMO: flag,
  // Behind a reverse proxy that appends the client address to X-Forwarded-For: the sign-in
  // throttle then also limits each client address. Off, the header is the client's to forge.
  CLINAUDIT_TRUST_PROXY: flag,
  CLINAUDIT_ADMIN_EMAIL: z.email().optional(),
  CLINAUDIT_ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // The IANA zone the interface shows timestamps in (saved at, audit dates). Record dates are
  // shown as stored, whatever this says.
  CLINAUDIT_TIME_ZONE: z
    .string()
    .default("UTC")
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as Asia/Shanghai or Europe/London"),
});

export type Env = z.infer<typeof schema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;
/** The validated environment of this process (read once). */
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

/** The auth secret; the start script provisions it, so its absence is a deployment error. */
export function authSecret(): string {
  const secret = env().NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set: start ClinAudit with `npm start`, which provisions it");
  return secret;
}

/** DATABASE_URL, or the embedded SQLite file in the data folder. */
export function databaseUrl(e: Env = env()): string {
  return e.DATABASE_URL ?? `file:${path.resolve(e.CLINAUDIT_DATA_DIR, "clinaudit.db")}`;
}
