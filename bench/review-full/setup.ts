/**
 * Builds the review-full bench's worlds through the app's own server functions (the integration
 * tests' full-review world, tests/integration/full-review-world.ts), from files on disk:
 *   notes: every conversation of the generated full notes benchmark × 3 raters, and a 100-item
 *          audit of the same dataset × 3 (the `n` → next baseline);
 *   ehr:   every decision point of the generated full EHR benchmark × 3 raters.
 *
 *   node --conditions=react-server --import tsx bench/review-full/setup.ts --data DIR \
 *     --notes DIR --ehr DIR [--database postgresql://…]
 *
 * Progress goes to stderr; the world goes to DIR/world.json and, as JSON, the last stdout line.
 */
import fs from "node:fs";
import path from "node:path";
import { createDb } from "../../lib/db/client";
import { applyMigrations } from "../../lib/db/migrate";
import { parseDatabaseUrl } from "../../lib/db/target";
import { openFile } from "../../lib/server/datasets/open-file";
import { requiredFlag } from "../lib/args";
import { type FullReview, REVIEW_PASSWORD, reviewAudit } from "../../tests/integration/full-review-world";
import { importBenchmark } from "../../tests/support/world";
import type { ReviewAudit, ReviewWorld } from "./world";

const args = process.argv.slice(2);
const flag = (name: string) => requiredFlag(args, name, "setup");
const log = (s: string) => process.stderr.write(`  setup: ${s}\n`);
const secs = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

const dataDir = path.resolve(flag("--data"));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
const url = args.includes("--database") ? flag("--database") : `file:${path.join(dataDir, "clinaudit.db")}`;
await applyMigrations(parseDatabaseUrl(url));
const db = createDb(url);

type Db = typeof db;

/** Rater r's assignments of an audit, in queue (sample) order. */
async function queue(d: Db, auditId: string, email: string) {
  return d.assignment.findMany({
    where: { auditId, user: { email } },
    orderBy: { auditItem: { sampleOrder: "asc" } },
    select: { id: true, auditItem: { select: { itemId: true } } },
  });
}

/** The rows' view of an audit: who signs in, and which case pages are measured (the same item for r1 and r2). */
async function describe(review: FullReview, itemId?: string): Promise<ReviewAudit> {
  const [r1, r2] = await Promise.all(review.emails.raters.slice(0, 2).map((e) => queue(db, review.auditId, e)));
  // The middle of the queue unless an item is given (the small audit's, so both sizes show the same case).
  const at = itemId ? r1!.findIndex((a) => a.auditItem.itemId === itemId) : Math.floor(r1!.length / 2);
  if (at < 0) throw new Error(`item ${itemId} is not in ${review.auditId}`);
  const item = r1![at]!.auditItem.itemId;
  return {
    auditId: review.auditId,
    emails: review.emails,
    items: review.items,
    assignments: review.assignments,
    ratings: review.ratings,
    adjudicated: review.adjudicated.length,
    caseAssignment: r1![at]!.id,
    caseItemId: item,
    bystanderAssignment: r2!.find((a) => a.auditItem.itemId === item)!.id,
  };
}

try {
  let t = performance.now();
  const notesDir = flag("--notes");
  const notes = await importBenchmark(
    db,
    ["notes.csv", "questions.csv"].map((f) => openFile(path.join(notesDir, f))),
    { name: "Bench full notes" },
  );
  log(`notes benchmark imported: ${await db.item.count({ where: { datasetId: notes } })} conversations in ${secs(t)}`);
  t = performance.now();
  const notesFull = await reviewAudit(db, { datasetId: notes, kind: "notes", size: "all", tag: "notes" });
  log(`notes audit: ${notesFull.assignments} assignments, ${notesFull.ratings} ratings in ${secs(t)}`);
  t = performance.now();
  const notesSmall = await reviewAudit(db, { datasetId: notes, kind: "notes", size: 100, tag: "notes100" });
  log(`100-item notes audit: ${notesSmall.ratings} ratings in ${secs(t)}`);
  t = performance.now();
  const ehrDir = flag("--ehr");
  const ehr = await importBenchmark(
    db,
    ["patients.jsonl", "instances.jsonl"].map((f) => openFile(path.join(ehrDir, f))),
    { name: "Bench full EHR" },
  );
  log(`EHR benchmark imported: ${await db.item.count({ where: { datasetId: ehr } })} decision points in ${secs(t)}`);
  t = performance.now();
  const ehrFull = await reviewAudit(db, { datasetId: ehr, kind: "ehr", size: "all", tag: "ehr" });
  log(`EHR audit: ${ehrFull.assignments} assignments, ${ehrFull.ratings} ratings in ${secs(t)}`);

  const small = await describe(notesSmall);
  const world: ReviewWorld = {
    database: url.startsWith("file:") ? "sqlite" : "postgres",
    password: REVIEW_PASSWORD,
    notes: await describe(notesFull, small.caseItemId),
    notes100: small,
    ehr: await describe(ehrFull),
  };
  fs.writeFileSync(path.join(dataDir, "world.json"), `${JSON.stringify(world, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(world)}\n`);
} finally {
  await db.$disconnect();
}
