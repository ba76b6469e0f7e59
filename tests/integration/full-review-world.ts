// A full review built through the server functions, as a user's audit grows: every item of a
// generated benchmark × 3 raters, every rating saved through saveRating, with comments, flags,
// active time, corrections and adjudications. Sizes are chosen by the caller; the full-review test
// uses > 15,000 assignments, far past the 999 bound parameters that broke SQLite at 333 × 3.
// The review-full bench (bench/review-full) builds its worlds with the same functions from files.
import { CONVERSATION_RUBRIC, DEFAULT_RUBRIC, type Rubric } from "@/lib/audits/rubric";
import { itemDimensions, rubricTurns } from "@/lib/audits/item-dimensions";
import type { Db } from "@/lib/db/client";
import { saveAdjudication } from "@/lib/server/adjudication/save-adjudication";
import { setAdjudicator } from "@/lib/server/adjudication/set-adjudicator";
import { recordActiveTime } from "@/lib/server/review/active-time";
import { setFlag } from "@/lib/server/review/flag";
import { saveComment } from "@/lib/server/review/save-comment";
import { saveCorrection } from "@/lib/server/review/save-correction";
import { saveRating } from "@/lib/server/review/save-rating";
import { generateEhrBundle, generateNotesBundle } from "@/lib/synth";
import { drawAudit, importBenchmark, SEED_PASSWORD, seedUser } from "@/tests/support/world";

/** Every user of a review world signs in with this password. */
export const REVIEW_PASSWORD = SEED_PASSWORD;

export interface FullReview {
  auditId: string;
  /** Sign-in emails: organizer, adjudicator, raters in `raters` order. */
  emails: { organizer: string; adjudicator: string; raters: string[] };
  organizerId: string;
  adjudicatorId: string;
  raters: string[];
  items: number;
  assignments: number;
  ratings: number;
  adjudicated: string[];
}

/** Runs `work` over `list` with at most `width` calls under way (saves batch in group commits). */
async function pool<T>(list: readonly T[], width: number, work: (t: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < list.length) await work(list[next++]!);
    }),
  );
}

function benchmark(kind: "notes" | "ehr", size: number) {
  const bundle =
    kind === "notes"
      ? generateNotesBundle({ seed: "full-review", size: "full", patients: size }).bundle
      : generateEhrBundle({ seed: "full-review", size: "demo", patients: Math.ceil(size / 2), instances: size }).bundle;
  return { name: `${kind}.json`, text: JSON.stringify(bundle) };
}

/**
 * Imports a generated benchmark (notes: `size` patients, about 5 conversations each; ehr: `size`
 * decision points), samples every item, assigns 3 raters fully crossed, and rates everything.
 */
export async function buildFullReview(db: Db, kind: "notes" | "ehr", size: number, tag = kind): Promise<FullReview> {
  const datasetId = await importBenchmark(db, [benchmark(kind, size)], { name: `Full ${tag}` });
  return reviewAudit(db, { datasetId, kind, size: "all", tag });
}

/**
 * An audit of `size` items of an imported dataset (all of them: a full review), 3 raters fully
 * crossed, every rating saved, with comments, flags, active time, corrections and adjudications.
 */
export async function reviewAudit(
  db: Db,
  o: { datasetId: string; kind: "notes" | "ehr"; size: number | "all"; tag: string },
): Promise<FullReview> {
  const { kind, tag } = o;
  // Accounts of their own (named by the tag): a bench builds several worlds in one database.
  const account = (name: string, role: "ORGANIZER" | "CLINICIAN") => seedUser(db, `${name}-${tag}`, role);
  const organizer = await account("org", "ORGANIZER");
  const adjudicator = await account("adj", "CLINICIAN");
  const accounts = [];
  for (const k of [1, 2, 3]) accounts.push(await account(`r${k}`, "CLINICIAN"));
  const [organizerId, adjudicatorId, raters] = [organizer.id, adjudicator.id, accounts.map((r) => r.id)];
  const emails = { organizer: organizer.email, adjudicator: adjudicator.email, raters: accounts.map((r) => r.email) };
  const rubric: Rubric = kind === "notes" ? CONVERSATION_RUBRIC : DEFAULT_RUBRIC;
  const { audit } = await drawAudit(
    db,
    { datasetId: o.datasetId, organizerId, raterIds: raters },
    { items: o.size, seed: `full-${tag}`, name: `Full review ${tag}`, rubric },
  );
  await setAdjudicator(db, organizerId, audit.id, adjudicatorId);

  const rows = await db.assignment.findMany({
    where: { auditId: audit.id },
    orderBy: [{ auditItem: { sampleOrder: "asc" } }, { userId: "asc" }],
    select: { id: true, userId: true, auditItemId: true, auditItem: { select: { sampleOrder: true, item: { select: { data: true } } } } },
  });
  // Deterministic labels: mostly the first category, some disagreement, a few three-way splits.
  const saves = rows.flatMap((a, i) =>
    itemDimensions(rubric, rubricTurns(a.auditItem.item.data)).map((d, j) => {
      const r = raters.indexOf(a.userId);
      const spread = (a.auditItem.sampleOrder * 7 + j * 3) % 10;
      const k = spread < 7 ? 0 : spread < 9 ? (r === 0 ? 1 : 0) : (r + i) % 3;
      return {
        userId: a.userId,
        input: { assignmentId: a.id, dimension: d.ratingKey, category: d.dimension.categories[k]!.key, expectedVersion: 0 },
      };
    }),
  );
  await pool(saves, 100, (s) => saveRating(db, s.userId, s.input));
  const every = (n: number) => rows.filter((_, i) => i % n === 0);
  await pool(every(10), 8, (a) =>
    saveComment(db, a.userId, { assignmentId: a.id, comment: `comment on ${a.auditItemId}, "quoted"`, expectedVersion: 0 }),
  );
  await pool(every(20), 8, (a) => setFlag(db, a.userId, { assignmentId: a.id, flagged: true }));
  await pool(every(3), 8, (a) =>
    recordActiveTime(db, a.userId, { assignmentId: a.id, ms: 20_000 + (a.auditItem.sampleOrder % 97) * 1_000 }),
  );

  // Gold corrections on every 50th item by its first rater, each adjudicated (accepted).
  const adjudicated: string[] = [];
  for (const a of rows.filter((x) => x.userId === raters[0] && x.auditItem.sampleOrder % 50 === 1)) {
    const data = a.auditItem.item.data as {
      kind: string;
      answer?: string;
      options?: { label: string }[];
      turns?: { turnOrder: number; turnType: string; answer: string; options: { label: string }[] }[];
    };
    const turn = data.kind === "conversation" ? data.turns!.find((t) => t.turnType === "content")! : null;
    const gold = turn ? turn.answer : data.answer;
    const newGold = (turn ? turn.options : data.options!).map((o) => o.label).find((l) => l !== gold)!;
    await saveCorrection(db, a.userId, {
      assignmentId: a.id,
      kind: "GOLD",
      turnOrder: turn?.turnOrder ?? 0,
      expectedVersion: 0,
      correction: { kind: "GOLD", proposal: `Gold should be ${newGold}`, newGold, rationale: "the record supports another option" },
    });
    const correction = await db.correction.findFirstOrThrow({ where: { assignmentId: a.id }, select: { id: true } });
    await saveAdjudication(db, adjudicatorId, {
      auditId: audit.id,
      auditItemId: a.auditItemId,
      // One label per question the raters answered: per turn on a per-turn rubric ("gold@t1").
      finalLabels: Object.fromEntries(itemDimensions(rubric, rubricTurns(data)).map((d) => [d.ratingKey, d.dimension.categories[1]!.key])),
      rationale: "checked against the record",
      decisions: [{ correctionId: correction.id, decision: "ACCEPTED", applied: { kind: "GOLD", answer: newGold }, rationale: "accepted" }],
    });
    adjudicated.push(a.auditItemId);
  }
  return {
    auditId: audit.id,
    emails,
    organizerId,
    adjudicatorId,
    raters,
    items: await db.auditItem.count({ where: { auditId: audit.id } }),
    assignments: rows.length,
    ratings: saves.length,
    adjudicated,
  };
}
