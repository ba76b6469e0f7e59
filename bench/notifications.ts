/**
 * The header bell's cost (lib/server/notifications/list.ts) on the review-full world (issue #30:
 * every conversation of the full notes benchmark × 3 raters), against the 100-item audit of the
 * same dataset: does it grow with the audit? Works on a copy of the world's database (it adds
 * messages, a reopen and a calibration round); never on the one a bench run keeps.
 *
 *   node --conditions=react-server --import tsx bench/notifications.ts --database file:/tmp/copy.db \
 *     --world data/bench-review-full/world.json [--threads 500] [--runs 30]
 *
 * Prints one JSON object: per user and audit state, the median and p95 of listNotifications
 * (ms), the number of queries it sent and the longest list of bound values among them.
 */
import fs from "node:fs";
import { itemDimensions, rubricTurns } from "../lib/audits/item-dimensions";
import { parseRubric } from "../lib/audits/rubric";
import { createDb, type Db, derivedClient } from "../lib/db/client";
import { applyMigrations } from "../lib/db/migrate";
import { parseDatabaseUrl } from "../lib/db/target";
import { setAdjudicator } from "../lib/server/adjudication/set-adjudicator";
import { setAuditStatus, withdrawResultsAccess } from "../lib/server/audits/set-status";
import { addPracticeItem, startCalibrationRound } from "../lib/server/calibration/setup";
import { postMessage } from "../lib/server/discussion/thread";
import { listNotifications } from "../lib/server/notifications/list";
import { requiredFlag } from "./lib/args";
import { percentile } from "./lib/stats";
import type { ReviewWorld } from "./review-full/world";

const args = process.argv.slice(2);
const flag = (name: string) => requiredFlag(args, name, "notifications");
const option = (name: string, fallback: number) => (args.includes(name) ? Number(flag(name)) : fallback);
const url = flag("--database");
const world = JSON.parse(fs.readFileSync(flag("--world"), "utf8")) as ReviewWorld;
const THREADS = option("--threads", 500);
const RUNS = option("--runs", 30);
const log = (s: string) => process.stderr.write(`  notifications: ${s}\n`);

await applyMigrations(parseDatabaseUrl(url));
const base = createDb(url);
// Counts the queries and the longest `in` list of each call (Prisma binds each list value apart).
let queries = 0;
let longestList = 0;
function longest(v: unknown): number {
  if (Array.isArray(v)) return Math.max(v.length, ...v.map(longest));
  if (v && typeof v === "object") return Math.max(0, ...Object.values(v).map(longest));
  return 0;
}
// Known as `base` (derivedClient), so code that asks a client's URL (the kept adjudication list) runs.
const db = derivedClient(
  base.$extends({
    query: {
      $allModels: {
        $allOperations({ args: a, query }) {
          queries++;
          longestList = Math.max(longestList, longest(a));
          return query(a);
        },
      },
    },
  }),
  base,
) as unknown as Db;

const user = async (email: string) => ({ ...(await base.user.findUniqueOrThrow({ where: { email } })), locale: "en" });
const full = world.notes;
const small = world.notes100;
const people = {
  fullOrganizer: await user(full.emails.organizer),
  fullAdjudicator: await user(full.emails.adjudicator),
  fullRater: await user(full.emails.raters[0]!),
  smallOrganizer: await user(small.emails.organizer),
  smallRater: await user(small.emails.raters[0]!),
};

async function status(auditId: string, want: "OPEN" | "CLOSED", adjudicator?: string) {
  const a = await base.audit.findUniqueOrThrow({
    where: { id: auditId },
    select: { status: true, adjudicatorId: true, createdById: true },
  });
  if (want === "OPEN" && a.status === "CLOSED") {
    if (a.adjudicatorId) await withdrawResultsAccess(base, a.createdById, auditId);
    await setAuditStatus(base, a.createdById, auditId, "open");
  }
  if (want === "CLOSED") {
    if (a.status === "OPEN") {
      if (a.adjudicatorId) await withdrawResultsAccess(base, a.createdById, auditId);
      await setAuditStatus(base, a.createdById, auditId, "close");
    }
    if (adjudicator) await setAdjudicator(base, a.createdById, auditId, adjudicator);
  }
}

// The state measured first: both audits open after a reopen (the raters' "reopened" notice), a
// calibration round waiting for the small audit's rater, and THREADS threads of the full audit in
// which the organizer and the adjudicator each wrote (the organizer's "new message" entries).
await status(full.auditId, "CLOSED");
await status(full.auditId, "OPEN");
await status(small.auditId, "CLOSED");
await status(small.auditId, "OPEN");
if ((await base.calibrationRound.count({ where: { auditId: small.auditId } })) === 0) {
  const smallAudit = await base.audit.findUniqueOrThrow({ where: { id: small.auditId }, select: { datasetId: true, rubric: true } });
  const sampled = await base.auditItem.findMany({ where: { auditId: small.auditId }, select: { itemId: true } });
  const outside = await base.item.findMany({
    where: { datasetId: smallAudit.datasetId, id: { notIn: sampled.map((s) => s.itemId) } },
    take: 2,
    select: { externalId: true, data: true },
  });
  const rubric = parseRubric(smallAudit.rubric);
  for (const o of outside) {
    const key = Object.fromEntries(itemDimensions(rubric, rubricTurns(o.data)).map((q) => [q.ratingKey, q.dimension.categories[0]!.key]));
    await addPracticeItem(base, people.smallOrganizer.id, {
      auditId: small.auditId,
      externalId: o.externalId,
      rationale: "bench",
      key,
    }).catch((e: unknown) => log(`practice item ${o.externalId} not added: ${String(e).slice(0, 200)}`));
  }
  await startCalibrationRound(base, people.smallOrganizer.id, { auditId: small.auditId, raterIds: null }).catch((e: unknown) =>
    log(`no calibration round: ${String(e).slice(0, 200)}`),
  );
}
const have = await base.threadMessage.count({ where: { auditId: full.auditId } });
if (have === 0) {
  const items = await base.auditItem.findMany({
    where: { auditId: full.auditId },
    orderBy: { sampleOrder: "asc" },
    take: THREADS,
    select: { id: true },
  });
  const t = performance.now();
  for (const i of items) {
    const grant = { auditId: full.auditId, auditItemId: i.id, status: "OPEN" as const, as: "organizer" as const, canPost: true };
    await postMessage(base, people.fullOrganizer.id, grant, { auditId: full.auditId, auditItemId: i.id, text: "Please look at this one." });
    await postMessage(base, people.fullAdjudicator.id, grant, {
      auditId: full.auditId,
      auditItemId: i.id,
      text: "Looked: the gold stands.",
    });
  }
  log(`${items.length * 2} messages in ${items.length} threads in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

async function measure(name: keyof typeof people) {
  const u = people[name];
  for (let i = 0; i < 3; i++) await listNotifications(db, u);
  const times: number[] = [];
  let perCall = { queries: 0, longestList: 0, entries: 0, kinds: "" };
  for (let i = 0; i < RUNS; i++) {
    queries = 0;
    longestList = 0;
    const t = performance.now();
    const got = await listNotifications(db, u);
    times.push(performance.now() - t);
    perCall = { queries, longestList, entries: got.entries.length, kinds: [...new Set(got.entries.map((e) => e.kind))].join(",") };
  }
  const ms = (v: number) => Math.round(v * 100) / 100;
  return { median: ms(percentile(times, 50)), p95: ms(percentile(times, 95)), ...perCall };
}

const result: Record<string, unknown> = { database: parseDatabaseUrl(url).provider, threads: THREADS, runs: RUNS };
result.open = {
  fullRater: await measure("fullRater"),
  smallRater: await measure("smallRater"),
  fullOrganizer: await measure("fullOrganizer"),
  smallOrganizer: await measure("smallOrganizer"),
  // Again last: the first user measured also pays for a cold page cache.
  fullRaterAgain: await measure("fullRater"),
};
// Closed with the clinician adjudicator named: "adjudication needed" and their threads.
await status(full.auditId, "CLOSED", people.fullAdjudicator.id);
result.closed = { fullAdjudicator: await measure("fullAdjudicator"), fullRater: await measure("fullRater") };
const counts = await base.$transaction([
  base.auditItem.count({ where: { auditId: full.auditId } }),
  base.assignment.count({ where: { auditId: full.auditId } }),
  base.rating.count({ where: { assignment: { auditId: full.auditId } } }),
  base.threadMessage.count(),
]);
result.world = { items: counts[0], assignments: counts[1], ratings: counts[2], messages: counts[3] };
console.log(JSON.stringify(result, null, 2));
await base.$disconnect();
