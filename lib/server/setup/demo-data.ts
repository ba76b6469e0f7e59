import "server-only";
import type { Db } from "../../db/client";
import { DEFAULT_RUBRIC } from "../../audits/rubric";
import { generateEhrBundle } from "../../synth/ehr/generate";
import { generateNotesBundle } from "../../synth/notes/generate";
import { assignClinicians } from "../audits/assign";
import { createAudit } from "../audits/create-audit";
import { setAuditStatus } from "../audits/set-status";
import { importDataset } from "../datasets/import-dataset";
import { seedDemoPredictions } from "./demo-predictions";
import { DEMO_USERS } from "./demo-users";
import { createPrng } from "../../sampling/prng";
import { saveRating } from "../review/save-rating";

export const DEMO_DATASET_NAME = "ObGyn decision points (synthetic demo)";
export const DEMO_NOTES_NAME = "Discharge-summary conversations (synthetic demo)";
export const DEMO_AUDIT_NAME = "Demo audit: gold answers, round 1";
export const DEMO_ZH_DATASET_NAME = "产科决策点（合成演示，中文病历）";
export const DEMO_ZH_AUDIT_NAME = "中文病历审核演示";

/** The English-interface demo clinicians review the main demo audit; 王芳 the Chinese one. */
const demoClinicians = (locale: "en" | "zh-CN") => DEMO_USERS.filter((u) => u.role === "CLINICIAN" && (u.locale ?? "en") === locale);

const text = (name: string, content: string) => ({
  name,
  open: async function* () {
    yield content;
  },
});

/**
 * Demo mode's data, created once on an empty database: the synthetic obstetric benchmark
 * (deterministic seed) with an open audit of 12 items assigned to the three English-interface
 * demo clinicians, the same benchmark with Chinese records (8 patients) with an open 6-item
 * audit for 王芳, the synthetic discharge-summary conversations, and synthetic model
 * predictions for the English benchmark and the conversations.
 */
export async function seedDemoData(db: Db): Promise<{ created: boolean }> {
  if ((await db.dataset.count()) > 0) return { created: false };
  const organizer = await db.user.findUnique({
    where: { email: DEMO_USERS.find((u) => u.role === "ORGANIZER")!.email },
    select: { id: true },
  });
  if (!organizer) return { created: false };
  const { bundle, flaws } = generateEhrBundle({ seed: 2026, size: "demo" });
  const outcome = await importDataset(db, organizer.id, [text("obgyn-demo.json", JSON.stringify(bundle))], { name: DEMO_DATASET_NAME });
  if (outcome.status !== "imported") throw new Error(`the demo dataset did not import: ${JSON.stringify(outcome).slice(0, 500)}`);
  const audit = await createAudit(db, organizer.id, {
    name: DEMO_AUDIT_NAME,
    datasetId: outcome.datasetId,
    size: 12,
    seed: "2026",
    strata: ["chapter"],
    rubric: DEFAULT_RUBRIC,
  });
  await assignAndOpen(db, organizer.id, audit.id, demoClinicians("en"));
  await seedDemoRatings(db, audit.id, new Map(flaws.map((f) => [f.instance_id, f.flaw])));
  // The same benchmark family with Chinese records, as the decision-point benchmark's are.
  const zh = generateEhrBundle({ seed: 2026, size: "demo", language: "zh", patients: 8 }).bundle;
  const zhOutcome = await importDataset(db, organizer.id, [text("obgyn-demo-zh.json", JSON.stringify(zh))], { name: DEMO_ZH_DATASET_NAME });
  if (zhOutcome.status !== "imported")
    throw new Error(`the Chinese demo dataset did not import: ${JSON.stringify(zhOutcome).slice(0, 500)}`);
  const zhAudit = await createAudit(db, organizer.id, {
    name: DEMO_ZH_AUDIT_NAME,
    datasetId: zhOutcome.datasetId,
    size: 6,
    seed: "2026",
    strata: [],
    rubric: DEFAULT_RUBRIC,
  });
  await assignAndOpen(db, organizer.id, zhAudit.id, demoClinicians("zh-CN"));
  const notes = generateNotesBundle({ seed: 2026, size: "demo" }).bundle;
  const notesOutcome = await importDataset(db, organizer.id, [text("notes-demo.json", JSON.stringify(notes))], { name: DEMO_NOTES_NAME });
  if (notesOutcome.status !== "imported")
    throw new Error(`the demo notes dataset did not import: ${JSON.stringify(notesOutcome).slice(0, 500)}`);
  await seedDemoPredictions(db, organizer.id, [outcome.datasetId, notesOutcome.datasetId]);
  return { created: true };
}

async function assignAndOpen(db: Db, organizerId: string, auditId: string, users: { email: string }[]) {
  const clinicians = await db.user.findMany({ where: { email: { in: users.map((u) => u.email) } }, select: { id: true } });
  await assignClinicians(db, organizerId, { auditId, clinicianIds: clinicians.map((c) => c.id), design: "FULLY_CROSSED" });
  await setAuditStatus(db, organizerId, auditId, "open");
}

/**
 * Two of the three demo clinicians have already rated, so the dashboard has numbers to show:
 * planted flaws are usually caught, clean items usually pass, with seeded disagreement.
 * The first clinician (the one a visitor signs in as) has rated nothing.
 */
async function seedDemoRatings(db: Db, auditId: string, flaws: Map<string, string>) {
  const raters = demoClinicians("en").slice(1);
  for (const [r, rater] of raters.entries()) {
    const rng = createPrng(`demo-ratings-${r}`);
    const user = await db.user.findUniqueOrThrow({ where: { email: rater.email }, select: { id: true } });
    const assignments = await db.assignment.findMany({
      where: { auditId, userId: user.id },
      select: { id: true, auditItem: { select: { item: { select: { externalId: true } } } } },
    });
    for (const a of assignments) {
      const flaw = flaws.get(a.auditItem.item.externalId);
      const roll = rng.nextInt(100);
      const gold =
        flaw === "wrong_gold" ? (roll < 80 ? "incorrect" : "uncertain") : roll < 88 ? "correct" : roll < 94 ? "uncertain" : "incorrect";
      const question = flaw === "ambiguous_stem" ? (roll < 70 ? "ambiguous" : "clear") : roll < 90 ? "clear" : "ambiguous";
      await saveRating(db, user.id, { assignmentId: a.id, dimension: "gold", category: gold, expectedVersion: 0 });
      await saveRating(db, user.id, { assignmentId: a.id, dimension: "question", category: question, expectedVersion: 0 });
    }
  }
}
