// A closed, adjudicated audit for the backup tests: a generated EHR benchmark, three raters (one
// more withdrawn after rating), ratings on both dimensions, comments, corrections, adjudication,
// and a discussion thread on the adjudicated item (multi-line, CJK and emoji text).
import type { Db } from "@/lib/db/client";
import { correctedBenchmark } from "@/lib/server/adjudication/corrected-export";
import { saveAdjudication } from "@/lib/server/adjudication/save-adjudication";
import { saveAdjudicationSchema } from "@/lib/schemas/adjudication";
import { authorizeThread } from "@/lib/server/discussion/access";
import { postMessage } from "@/lib/server/discussion/thread";
import { withdrawClinician } from "@/lib/server/audits/assign";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { loadExportExtras } from "@/lib/server/reports/export-extras";
import { exportCatalog, renderExport } from "@/lib/server/reports/export-files";
import { saveComment } from "@/lib/server/review/save-comment";
import { saveCorrection } from "@/lib/server/review/save-correction";
import { recordActiveTime } from "@/lib/server/review/active-time";
import { setFlag } from "@/lib/server/review/flag";
import { saveRating } from "@/lib/server/review/save-rating";
import { generateEhrBundle } from "@/lib/synth";
import { seedAudit } from "@/tests/support/world";

export const BENCHMARK = JSON.stringify(generateEhrBundle({ seed: "backup-test", size: "demo", patients: 10, instances: 16 }).bundle);

const SAMPLE = 6;
const GOLD = ["correct", "incorrect", "uncertain"];
const QUESTION = ["clear", "ambiguous", "unreasonable"];

/** The accounts' display names ("Dr c1"): the change log names a proposer by it, not by email. */
export const drName = (name: string) => `Dr ${name}`;

export async function buildAudit(db: Db): Promise<string> {
  const {
    organizer: org,
    raters: accounts,
    audit,
  } = await seedAudit(db, {
    benchmark: BENCHMARK,
    raters: ["c1", "c2", "c3", "c4"],
    displayName: drName,
    items: SAMPLE,
    seed: "42",
    strata: ["chapter"],
    name: "Backup audit",
  });
  const organizer = org.id;
  const raters = accounts.map((r) => r.id);

  const assignments = await db.assignment.findMany({
    where: { auditId: audit.id },
    include: { auditItem: true },
    orderBy: [{ auditItem: { sampleOrder: "asc" } }],
  });
  const orders = assignments.map((a) => a.auditItem.sampleOrder);
  const [low, high] = [Math.min(...orders), Math.max(...orders)];
  for (const a of assignments) {
    const r = raters.indexOf(a.userId);
    const n = a.auditItem.sampleOrder;
    if (r === 2 && n === high) continue; // one item left unrated by one rater
    await saveRating(db, a.userId, { assignmentId: a.id, dimension: "gold", category: GOLD[(n * (r + 1)) % 3]!, expectedVersion: 0 });
    await saveRating(db, a.userId, { assignmentId: a.id, dimension: "question", category: QUESTION[(n + r) % 2]!, expectedVersion: 0 });
    if ((n + r) % 3 === 0)
      await saveRating(db, a.userId, { assignmentId: a.id, dimension: "gold", category: GOLD[(n + 1) % 3]!, expectedVersion: 1 });
    if ((n + r) % 2 === 0) await recordActiveTime(db, a.userId, { assignmentId: a.id, ms: 30_000 + 7_000 * n + 1_000 * r });
    if ((n + r) % 4 === 0) await setFlag(db, a.userId, { assignmentId: a.id, flagged: true });
    if (n % 2 === 0)
      await saveComment(db, a.userId, { assignmentId: a.id, comment: `rater ${r + 1} on item ${n}: "quoted", comma`, expectedVersion: 0 });
  }
  const first = assignments.filter((a) => a.auditItem.sampleOrder === low);
  const byRater = (r: number) => first.find((a) => a.userId === raters[r])!;
  await saveCorrection(db, raters[0]!, {
    assignmentId: byRater(0).id,
    kind: "GOLD",
    turnOrder: 0,
    correction: { kind: "GOLD", proposal: "Option A", newGold: "A", rationale: "per the record" },
    expectedVersion: 0,
  });
  await saveCorrection(db, raters[1]!, {
    assignmentId: byRater(1).id,
    kind: "STEM",
    turnOrder: 0,
    correction: { kind: "STEM", proposal: "A clearer stem?", rationale: "ambiguous" },
    expectedVersion: 0,
  });
  await withdrawClinician(db, organizer, audit.id, raters[3]!);
  await setAuditStatus(db, organizer, audit.id, "close");

  const auditItemId = first[0]!.auditItemId;
  const corrections = await db.correction.findMany({ where: { assignment: { auditItemId } }, orderBy: { kind: "asc" } });
  const [gold, stem] = [corrections.find((c) => c.kind === "GOLD")!, corrections.find((c) => c.kind === "STEM")!];
  await saveAdjudication(
    db,
    organizer,
    saveAdjudicationSchema.parse({
      auditId: audit.id,
      auditItemId,
      finalLabels: { gold: "incorrect", question: "clear" },
      rationale: "gold was wrong",
      decisions: [
        { correctionId: gold.id, decision: "ACCEPTED", applied: { kind: "GOLD", answer: "A" }, rationale: "confirmed" },
        { correctionId: stem.id, decision: "REJECTED", applied: null, rationale: "clear enough" },
      ],
    }),
  );
  const thread = await authorizeThread(db, { id: organizer, role: "ORGANIZER" } as never, audit.id, auditItemId);
  for (const text of THREAD) await postMessage(db, organizer, thread, { auditId: audit.id, auditItemId, text });
  return audit.id;
}

/** The thread buildAudit writes: what a restore must bring back character for character. */
export const THREAD = ['Gold looks wrong:\n- E012 says "A"\n- the 2021 guideline agrees', "同意，金标准应为 A。🩺"];

/** Every report export and every corrected-benchmark file of the audit, by file name. */
export async function allExports(db: Db, auditId: string): Promise<Record<string, string>> {
  const snapshot = (await loadAuditSnapshot(db, auditId))!;
  const files: Record<string, string> = {};
  // Comments with their save times (from the trail, which the backup carries), the adjudications
  // and the revision summary: everything the route and the package render from.
  const extras = await loadExportExtras(db, snapshot);
  for (const { file } of exportCatalog(snapshot)) files[file] = renderExport(snapshot, file, extras)!;
  for (const f of (await correctedBenchmark(db, auditId))!.files) files[`corrected/${f.name}`] = f.text();
  return files;
}
