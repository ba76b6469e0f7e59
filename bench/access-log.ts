// The access log's cost on the case page (issue 31: ≤ 5 % of the page's server CPU). Builds a
// small closed audit in a temporary SQLite file, then measures process CPU (user + system) for
// N loadCasePage calls — which include the log call and the batched writes it causes — and for
// N log calls alone (recordAccess + the same flushes). Page without log ≈ the difference.
//   node --conditions=react-server --import tsx bench/access-log.ts [N=2000]   (PostgreSQL: DATABASE_URL=postgresql://…)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { parseDatabaseUrl } from "@/lib/db/target";
import { flushAccessLog, recordAccess } from "@/lib/server/access-log/log";
import { loadCasePage } from "@/lib/server/review/case-page";
import { buildAudit } from "../tests/integration/backup-world";

const N = Number(process.argv[2] ?? 2000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-bench-access-"));
const url = process.env.DATABASE_URL ?? `file:${path.join(dir, "bench.db")}`;

const cpuMs = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

async function main() {
  await applyMigrations(parseDatabaseUrl(url));
  const db = createDb(url);
  const auditId = await buildAudit(db);
  const assignments = await db.assignment.findMany({ where: { auditId, active: true }, select: { id: true, userId: true } });
  const page = async (i: number) => {
    const a = assignments[i % assignments.length]!;
    return loadCasePage(db, a.userId, a.id, { recordDir: null, address: "203.0.113.7" });
  };
  for (let i = 0; i < 200; i++) await page(i); // warm-up: JIT, statement caches, record cache
  await flushAccessLog(db);
  const first = (await page(0))!;
  const event = {
    userId: assignments[0]!.userId,
    action: "case.view" as const,
    patient: first.item.patientExternalId,
    itemExternalId: first.item.externalId,
    auditId,
    itemId: first.item.id,
    address: "203.0.113.7",
  };
  const rounds: { withLog: number; logOnly: number }[] = [];
  for (let round = 0; round < 3; round++) {
    let t = process.cpuUsage();
    for (let i = 0; i < N; i++) await page(i);
    await flushAccessLog(db);
    const withLog = cpuMs(t) / N;
    t = process.cpuUsage();
    for (let i = 0; i < N; i++) recordAccess(db, event);
    await flushAccessLog(db);
    const logOnly = cpuMs(t) / N;
    rounds.push({ withLog, logOnly });
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const withLog = median(rounds.map((r) => r.withLog));
  const logOnly = median(rounds.map((r) => r.logOnly));
  const without = withLog - logOnly;
  console.log(`case page CPU, N=${N} × 3 rounds (median), ${url.startsWith("file:") ? "SQLite" : "PostgreSQL"}`);
  console.log(`  loadCasePage with the log   ${withLog.toFixed(3)} ms`);
  console.log(`  the log alone (record+flush) ${logOnly.toFixed(3)} ms`);
  console.log(`  page without the log (diff)  ${without.toFixed(3)} ms`);
  console.log(`  log cost / page cost         ${((100 * logOnly) / without).toFixed(2)} %   (target ≤ 5 %)`);
  console.log(`  rows written: ${await db.accessEvent.count()}`);
  await db.$disconnect();
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(dir, { recursive: true, force: true }));
