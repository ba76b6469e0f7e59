import "server-only";
import type { Db } from "../../db/client";
import { DEFAULT_RUBRIC } from "../../audits/rubric";
import { generateEhrBundle } from "../../synth/ehr/generate";
import { assignClinicians } from "../audits/assign";
import { createAudit } from "../audits/create-audit";
import { setAuditStatus } from "../audits/set-status";
import { importDataset } from "../datasets/import-dataset";
import { DEMO_USERS } from "./demo-users";

export const DEMO_DATASET_NAME = "ObGyn decision points (synthetic demo)";
export const DEMO_AUDIT_NAME = "Demo audit: gold answers, round 1";

const text = (name: string, content: string) => ({ name, open: async function* () { yield content; } });

/**
 * Demo mode's data, created once on an empty database: the synthetic obstetric benchmark
 * (deterministic seed) and an open audit of 12 items assigned to the three demo clinicians.
 */
export async function seedDemoData(db: Db): Promise<{ created: boolean }> {
  if ((await db.dataset.count()) > 0) return { created: false };
  const organizer = await db.user.findUnique({ where: { email: DEMO_USERS.find((u) => u.role === "ORGANIZER")!.email }, select: { id: true } });
  if (!organizer) return { created: false };
  const { bundle } = generateEhrBundle({ seed: 2026, size: "demo" });
  const outcome = await importDataset(db, organizer.id, [text("obgyn-demo.json", JSON.stringify(bundle))], { name: DEMO_DATASET_NAME });
  if (outcome.status !== "imported") throw new Error(`the demo dataset did not import: ${JSON.stringify(outcome).slice(0, 500)}`);
  const audit = await createAudit(db, organizer.id, { name: DEMO_AUDIT_NAME, datasetId: outcome.datasetId, size: 12, seed: "2026", strata: ["chapter"], rubric: DEFAULT_RUBRIC });
  const clinicians = await db.user.findMany({ where: { email: { in: DEMO_USERS.filter((u) => u.role === "CLINICIAN").map((u) => u.email) } }, select: { id: true } });
  await assignClinicians(db, organizer.id, { auditId: audit.id, clinicianIds: clinicians.map((c) => c.id), design: "FULLY_CROSSED" });
  await setAuditStatus(db, organizer.id, audit.id, "open");
  return { created: true };
}
