// npm start / npm run demo: zero-configuration start.
// Validates the environment, provisions secrets, applies migrations, makes sure an admin
// exists (and the demo users in demo mode), builds the app if the build is missing or older
// than the code, then serves it with `next start`.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createDb } from "../lib/db/client";
import { applyMigrations } from "../lib/db/migrate";
import { withSetupLock } from "../lib/db/setup-lock";
import { parseDatabaseUrl, redact } from "../lib/db/target";
import { databaseUrl, loadEnv } from "../lib/env";
import { bootstrap } from "../lib/server/setup/bootstrap";
import { DEMO_USERS } from "../lib/server/setup/demo-users";
import { ensureSecrets } from "./secrets";

const root = path.resolve(import.meta.dirname, "..");
const SOURCES = ["app", "components", "lib", "public", "proxy.ts", "next.config.js", "package-lock.json", "app/globals.css"];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

function buildIsCurrent(): boolean {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return false;
  const built = fs.statSync(buildId).mtimeMs;
  return SOURCES.every((s) => newestMtime(path.join(root, s)) <= built);
}

function banner(lines: string[]) {
  const width = Math.max(...lines.map((l) => l.length));
  const rule = "─".repeat(width + 2);
  console.log(`┌${rule}┐\n${lines.map((l) => `│ ${l.padEnd(width)} │`).join("\n")}\n└${rule}┘`);
}

async function main() {
  const serve = !process.argv.includes("--setup-only");
  const env = loadEnv(process.env);
  const dataDir = path.resolve(root, env.CLINAUDIT_DATA_DIR);
  const secret = env.NEXTAUTH_SECRET ?? ensureSecrets(dataDir).NEXTAUTH_SECRET;
  const url = databaseUrl(env);
  const target = parseDatabaseUrl(url, root);

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
      ]);
    } else if (result.createdAdmin) {
      console.log(`  admin account ${result.createdAdmin.email} created from CLINAUDIT_ADMIN_EMAIL/PASSWORD`);
    }
    if (result.demoDataCreated) console.log("  demo data: the synthetic obstetric benchmark (open 12-item audit), its Chinese-record twin (open 6-item audit for clinician4, interface in Chinese), discharge-summary conversations, model predictions");
    if (env.CLINAUDIT_DEMO) {
      banner(["Demo mode. Demo accounts (email / password):", ...DEMO_USERS.map((u) => `  ${u.role.padEnd(9)} ${u.email} / ${u.password}`)]);
    }
  } finally {
    await db.$disconnect();
  }
  if (!serve) return 0;

  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  if (!buildIsCurrent()) {
    console.log("Building the app (first start, or the code changed)…");
    const build = spawnSync(process.execPath, [next, "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (build.status !== 0) return build.status ?? 1;
  }
  const port = String(env.PORT);
  const child = spawn(process.execPath, [next, "start", "-p", port], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: url, NEXTAUTH_SECRET: secret, NEXT_TELEMETRY_DISABLED: "1" },
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  return new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? 0)));
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`ClinAudit could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
