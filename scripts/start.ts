// npm start / npm run demo: zero-configuration start.
// Validates the environment, provisions secrets, applies migrations, makes sure an admin
// exists (and the demo users in demo mode), builds the app if the build is missing or made
// from other code (never under a server running from this checkout: scripts/startup/build-guard.ts),
// then serves it with `next start`.
//
// This process stays beside the server for its whole life (it forwards signals; on PostgreSQL it
// runs the job worker). So the set-up runs in a child process of its own (`--setup-only`) and the
// database client is loaded here only for the worker: done in this process, the set-up's modules
// and database client stayed resident beside the server (~230 MB measured, 2026-12-05).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { parseDatabaseUrl, redact } from "../lib/db/target";
import { databaseUrl, loadEnv } from "../lib/env";
import { ensureSecrets } from "./secrets";
import { prepareToServe, StartRefused } from "./startup/build-guard";
import { serverEnv, serverNodeArgs } from "./startup/server-env";
import { securePrivateDir } from "../lib/db/file-modes";
import { START_STALE_MS, sweepUploads } from "../lib/server/uploads/sweep";

const root = path.resolve(import.meta.dirname, "..");

function banner(lines: string[]) {
  const width = Math.max(...lines.map((l) => l.length));
  const rule = "─".repeat(width + 2);
  console.log(`┌${rule}┐\n${lines.map((l) => `│ ${l.padEnd(width)} │`).join("\n")}\n└${rule}┘`);
}

async function main() {
  const serve = !process.argv.includes("--setup-only");
  const env = loadEnv(process.env);
  const dataDir = path.resolve(root, env.CLINAUDIT_DATA_DIR);
  securePrivateDir(dataDir); // 0700: the database and the secrets live here
  // Uploads a crash left behind (each new upload also sweeps, but only after a day).
  const swept = sweepUploads(path.join(dataDir, "uploads"), START_STALE_MS);
  if (swept.length > 0) console.log(`  uploads: removed ${swept.length} left by an earlier run`);
  const secret = env.NEXTAUTH_SECRET ?? ensureSecrets(dataDir).NEXTAUTH_SECRET;
  const url = databaseUrl(env);
  const target = parseDatabaseUrl(url, root);

  if (serve) {
    const setup = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, "--setup-only"], {
      cwd: process.cwd(),
      stdio: "inherit",
    });
    if (setup.status !== 0) return setup.status ?? 1;
    return serveApp(env, url, target, secret);
  }
  await setUp(env, url, target);
  return 0;
}

/** Migrations, the admin account and the demo data: what `--setup-only` does, in its own process. */
async function setUp(env: ReturnType<typeof loadEnv>, url: string, target: ReturnType<typeof parseDatabaseUrl>): Promise<void> {
  const [{ createDb }, { applyMigrations }, { withSetupLock }, { bootstrap }, { DEMO_USERS }] = await Promise.all([
    import("../lib/db/client"),
    import("../lib/db/migrate"),
    import("../lib/db/setup-lock"),
    import("../lib/server/setup/bootstrap"),
    import("../lib/server/setup/demo-users"),
  ]);
  console.log(`ClinAudit: database ${target.provider === "sqlite" ? target.file : redact(target.url)}`);
  const report = await applyMigrations(target, { log: (l) => console.log(`  migration ${l}`) });
  console.log(`  migrations: ${report.applied.length} applied, ${report.alreadyApplied} already in place`);

  const db = createDb(url);
  try {
    // Under a lock: several instances starting together on one database set up once.
    const result = await withSetupLock(target, () =>
      bootstrap(db, {
        demo: env.CLINAUDIT_DEMO,
        adminEmail: env.CLINAUDIT_ADMIN_EMAIL,
        adminPassword: env.CLINAUDIT_ADMIN_PASSWORD,
      }),
    );
    if (result.createdAdmin?.password) {
      banner([
        "An admin account was created. This password is shown only once:",
        `  email:    ${result.createdAdmin.email}`,
        `  password: ${result.createdAdmin.password}`,
        "It is temporary: the first sign-in asks for a new one.",
      ]);
    } else if (result.createdAdmin) {
      console.log(`  admin account ${result.createdAdmin.email} created from CLINAUDIT_ADMIN_EMAIL/PASSWORD`);
    }
    if (result.demoDataCreated)
      console.log(
        "  demo data: the synthetic obstetric benchmark (open 12-item audit), its Chinese-record twin (open 6-item audit for clinician4, interface in Chinese), discharge-summary conversations, model predictions",
      );
    if (env.CLINAUDIT_DEMO) {
      banner([
        "Demo mode. Demo accounts (email / password):",
        ...DEMO_USERS.map((u) => `  ${u.role.padEnd(9)} ${u.email} / ${u.password}`),
      ]);
    }
  } finally {
    await db.$disconnect();
  }
}

/** Builds if need be, then serves with `next start` (and, on PostgreSQL, runs the job worker here). */
async function serveApp(
  env: ReturnType<typeof loadEnv>,
  url: string,
  target: ReturnType<typeof parseDatabaseUrl>,
  secret: string,
): Promise<number> {
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const port = String(env.PORT);
  // Never builds under a running server of this checkout, never serves a build of other code.
  const unregister = prepareToServe(root, env.PORT, () => {
    const build = spawnSync(process.execPath, [next, "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    return build.status ?? 1;
  });
  process.on("exit", unregister);
  // PostgreSQL: imports and reports run here, beside (not inside) the web server process.
  const worker =
    target.provider === "postgres" && env.CLINAUDIT_WORKER ? await (await import("../lib/server/jobs/worker")).startWorker(url) : undefined;
  if (worker) console.log("  job worker: running (imports, evaluation reports)");
  const child = spawn(
    process.execPath,
    [
      ...serverNodeArgs({ heapGrowthPercent: env.CLINAUDIT_HEAP_GROWTH_PERCENT, semiSpaceMb: env.CLINAUDIT_SEMI_SPACE_MB }),
      next,
      "start",
      "-p",
      port,
    ],
    {
      cwd: root,
      stdio: "inherit",
      env: serverEnv(process.env, { DATABASE_URL: url, NEXTAUTH_SECRET: secret, NEXT_TELEMETRY_DISABLED: "1" }),
    },
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 0)));
  await worker?.stop();
  return code;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`ClinAudit could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof StartRefused ? 2 : 1);
  },
);
