// The one place that reads process.env: every setting is checked and typed here.
import { z } from "zod";
import path from "node:path";
import { parseDatabaseUrl } from "./db/target";
import { parseRoleMap, type RoleRule } from "./auth/sso-mapping";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

/** Multipliers of the units CLINAUDIT_MAX_UPLOAD accepts (SI units in powers of 1000, IEC in 1024). */
const BYTE_UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};

/** "2GiB", "500 MB", "1048576" → bytes; undefined when it is not such a size. */
export function parseByteSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = BYTE_UNITS[(match?.[2] || "b").toLowerCase()];
  if (!match || unit === undefined) return undefined;
  const bytes = Math.floor(Number(match[1]) * unit);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

const schema = z
  .object({
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
    // PostgreSQL: `npm start` also runs a job worker (imports, reports) unless this is "0", for
    // deployments that run `clinaudit worker` processes of their own (docs/deployment.md).
    CLINAUDIT_WORKER: z
      .enum(["0", "1"])
      .default("1")
      .transform((v) => v === "1"),
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
    // The largest upload (the whole request body) the browser import accepts; larger files go
    // through `npx clinaudit import`. Uploads stream to disk, so this bounds disk, not memory.
    CLINAUDIT_MAX_UPLOAD: z
      .string()
      .default("2GiB")
      .transform((text, ctx) => {
        const bytes = parseByteSize(text);
        if (bytes === undefined || bytes < 1024) {
          ctx.addIssue({
            code: "custom",
            message: "must be a size of at least 1 KiB: bytes, or a number with B, KB, MB, GB, KiB, MiB or GiB (e.g. 2GiB)",
          });
          return z.NEVER;
        }
        return bytes;
      }),
    // Caps on what one compressed upload (.gz) may unpack to (lib/formats/reader-limits.ts has
    // the defaults and the reasons): a size like CLINAUDIT_MAX_UPLOAD, and a ratio.
    CLINAUDIT_MAX_UNPACKED: z
      .string()
      .optional()
      .transform((text, ctx) => {
        if (text === undefined) return undefined;
        const bytes = parseByteSize(text);
        if (bytes === undefined || bytes < 2 ** 20) {
          ctx.addIssue({
            code: "custom",
            message: "must be a size of at least 1 MiB: bytes, or a number with MB, GB, MiB or GiB (e.g. 16GiB)",
          });
          return z.NEVER;
        }
        return bytes;
      }),
    CLINAUDIT_MAX_UNPACK_RATIO: z.coerce.number().int().min(2).optional(),
    // The heap (MB) of the thread every import runs in (an upload's on SQLite, a PostgreSQL job
    // worker's, `clinaudit import`'s); over it the import is refused, located, and the process goes
    // on (lib/server/jobs/import-thread). The full-size FHIR benchmark imports under 320.
    CLINAUDIT_IMPORT_HEAP_MB: z.coerce.number().int().min(64).max(65_536).default(320),
    // The heap (MB) of the report thread, which computes and keeps the audits' reports, downloads
    // and packages (lib/server/reports/thread), of the latent-class interval thread and of the
    // corrected-build thread. Its garbage is collected before it passes the cap, so the process's
    // memory stays near what the kept reports need; once idle, the report thread lets go of the
    // audits computed longest ago while they fill over half of it; a report that needs more
    // restarts the thread with twice the heap (up to 8×) and is computed again, with a warning.
    // 160: a full review of 4,745 conversations × 3 computed again beside a 1,500-item audit ran
    // out at 128 and fitted at 160; the review-full family on SQLite peaked 26–105 MB lower than
    // at 256 in four interleaved pairs of runs (on PostgreSQL, within the runs' spread).
    CLINAUDIT_REPORT_HEAP_MB: z.coerce.number().int().min(64).max(65_536).default(160),
    // How far (%) the server's heaps may grow past what survived the last full garbage collection
    // before the next (scripts/startup/server-env.ts): lower keeps less garbage resident for a
    // little more collecting. 0: V8's own, which lets a heap grow up to 4× on a large machine.
    CLINAUDIT_HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(400).default(25),
    // The young generation's semi-space (MB) of the server's heaps (scripts/startup/server-env.ts):
    // V8's own is 16 MB, a 34 MB new space in each isolate, mostly empty. 0: V8's own.
    CLINAUDIT_SEMI_SPACE_MB: z.coerce.number().int().min(0).max(256).default(4),
    // How long (seconds) a dimension's ratings must stay put before its latent-class interval
    // (10,000 refits, in a background thread) is computed again for newer ratings: while a session
    // of rating goes on, an open dashboard would start it after every change and discard it at the
    // next. The first computation for an audit starts at once.
    CLINAUDIT_INTERVAL_QUIET_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    // The nice value of the server's threads (reports, packages, imports): 0 runs them at the web process's priority.
    CLINAUDIT_THREAD_NICE: z.coerce.number().int().min(0).max(19).default(10),
    // Days the record-access log keeps a row. 400: a whole year for the yearly access review most
    // hospitals run, plus a month's slack; raise it (e.g. 2190, six years) where policy asks.
    CLINAUDIT_ACCESS_LOG_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
    // How much the server logs (JSON lines on standard output). Tests default to silent.
    CLINAUDIT_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
    // Single sign-on through an OpenID Connect provider (lib/auth/sso-provider.ts). All three of
    // issuer, client id and secret, or none.
    CLINAUDIT_OIDC_ISSUER: z.url().optional(),
    CLINAUDIT_OIDC_CLIENT_ID: z.string().min(1).optional(),
    CLINAUDIT_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    CLINAUDIT_OIDC_SCOPES: z
      .string()
      .default("openid email profile")
      .refine((s) => s.split(/\s+/).includes("openid"), 'must include openid (e.g. "openid email profile groups")'),
    // The button reads "Sign in with <name>".
    CLINAUDIT_OIDC_NAME: z.string().trim().min(1).max(60).default("single sign-on"),
    // The ID-token claim whose values map to roles for new accounts; the admin page can change it.
    CLINAUDIT_OIDC_ROLE_CLAIM: z.string().trim().min(1).default("groups"),
    // The starting mapping, until an admin saves one: "group=ROLE, group=ROLE".
    CLINAUDIT_OIDC_ROLE_MAP: z
      .string()
      .default("")
      .transform((text, ctx): RoleRule[] => {
        const parsed = parseRoleMap(text);
        if ("error" in parsed) {
          ctx.addIssue({ code: "custom", message: parsed.error });
          return z.NEVER;
        }
        return parsed.rules;
      }),
  })
  .superRefine((e, ctx) => {
    const set = [e.CLINAUDIT_OIDC_ISSUER, e.CLINAUDIT_OIDC_CLIENT_ID, e.CLINAUDIT_OIDC_CLIENT_SECRET].filter((v) => v !== undefined).length;
    if (set === 0 || set === 3) return;
    for (const key of ["CLINAUDIT_OIDC_ISSUER", "CLINAUDIT_OIDC_CLIENT_ID", "CLINAUDIT_OIDC_CLIENT_SECRET"] as const) {
      if (e[key] === undefined)
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: "must be set with the other CLINAUDIT_OIDC_ variables (issuer, client id and secret go together)",
        });
    }
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

/** The OpenID provider's settings when single sign-on is configured, else null. */
export function oidcConfig(e: Env = env()) {
  if (!e.CLINAUDIT_OIDC_ISSUER || !e.CLINAUDIT_OIDC_CLIENT_ID || !e.CLINAUDIT_OIDC_CLIENT_SECRET) return null;
  return {
    issuer: e.CLINAUDIT_OIDC_ISSUER.replace(/\/+$/, ""),
    clientId: e.CLINAUDIT_OIDC_CLIENT_ID,
    clientSecret: e.CLINAUDIT_OIDC_CLIENT_SECRET,
    scopes: e.CLINAUDIT_OIDC_SCOPES.trim().split(/\s+/).join(" "),
    name: e.CLINAUDIT_OIDC_NAME,
    roleClaim: e.CLINAUDIT_OIDC_ROLE_CLAIM,
    roleMap: e.CLINAUDIT_OIDC_ROLE_MAP,
  };
}
export type OidcConfig = NonNullable<ReturnType<typeof oidcConfig>>;

/** DATABASE_URL, or the embedded SQLite file in the data folder. */
export function databaseUrl(e: Env = env()): string {
  return e.DATABASE_URL ?? `file:${path.resolve(e.CLINAUDIT_DATA_DIR, "clinaudit.db")}`;
}
