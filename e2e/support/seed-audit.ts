// The set-up half of createOpenAudit (audits.ts) without the browser: as the demo organizer,
// through the same server functions the new-audit form, the assign panel and "Open for review"
// call (createAudit with the form's default rubric, assignClinicians fully crossed,
// setAuditStatus "open"), on the e2e server's own database. Prints the audit's id.
//   node --conditions=react-server --import tsx e2e/support/seed-audit.ts '<SeedAuditInput JSON>'
// with the server's CLINAUDIT_DATA_DIR (and DATABASE_URL on PostgreSQL) in the environment.
import { defaultRubricFor } from "@/lib/audits/rubric";
import { db } from "@/lib/db";
import { createAuditSchema } from "@/lib/schemas/audits";
import { assignClinicians } from "@/lib/server/audits/assign";
import { createAudit } from "@/lib/server/audits/create-audit";
import { setAuditStatus } from "@/lib/server/audits/set-status";

export interface SeedAuditInput {
  name: string;
  /** The dataset as the new-audit form lists it: "<name> v<version> (<n> items)". */
  dataset: string;
  size: number;
  seed: string;
  clinicians: number[];
  reviewOrder: "per-rater" | "shared";
}

const input = JSON.parse(process.argv[2] ?? "") as SeedAuditInput;
const label = /^(.*) v(\d+) \(\d+ items?\)$/.exec(input.dataset);
if (!label) throw new Error(`not a dataset label of the new-audit form: ${input.dataset}`);
const database = db();
const organizer = await database.user.findUniqueOrThrow({ where: { email: "organizer@demo.clinaudit" } });
const dataset = await database.dataset.findFirstOrThrow({ where: { name: label[1], version: Number(label[2]) } });
const audit = await createAudit(
  database,
  organizer.id,
  createAuditSchema.parse({
    name: input.name,
    datasetId: dataset.id,
    size: input.size,
    seed: input.seed,
    rubric: defaultRubricFor(dataset.family),
    reviewOrder: input.reviewOrder,
  }),
);
const clinicians = await database.user.findMany({
  where: { email: { in: input.clinicians.map((n) => `clinician${n}@demo.clinaudit`) } },
  select: { id: true },
});
if (clinicians.length !== input.clinicians.length) throw new Error(`demo clinicians ${input.clinicians.join(", ")} not all found`);
await assignClinicians(database, organizer.id, { auditId: audit.id, clinicianIds: clinicians.map((c) => c.id), design: "FULLY_CROSSED" });
await setAuditStatus(database, organizer.id, audit.id, "open");
await database.$disconnect();
console.log(audit.id);
