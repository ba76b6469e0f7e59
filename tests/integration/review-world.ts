// The small review world of the review and correction tests: the example bundle (one record
// after the cutoff added), an organizer, three clinicians and a fully crossed one-item audit.
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_RUBRIC } from "@/lib/audits/rubric";
import type { Db } from "@/lib/db/client";
import { assignClinicians } from "@/lib/server/audits/assign";
import { createAudit } from "@/lib/server/audits/create-audit";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { createUser } from "@/lib/server/users/create-user";

/** The example bundle plus one record dated after the decision cutoff. */
function bundleWithFutureEvent(): string {
  const bundle = JSON.parse(fs.readFileSync(path.resolve("lib/formats/__fixtures__/ehr-decision-mcq.example.json"), "utf8"));
  bundle.patients[0].events.push({
    event_id: "E099",
    time: "2031-09-02T09:00:00",
    ga_days: 239,
    visit_id: "V10",
    event_type: "clinical_note",
    name: "Antenatal visit note",
    text: "FUTURE-ONLY: induction planned at 37 weeks.",
  });
  return JSON.stringify(bundle);
}

export async function world(db: Db) {
  const text = bundleWithFutureEvent();
  const imported = await importDataset(db, null, [
    {
      name: "b.json",
      open: async function* () {
        yield text;
      },
    },
  ]);
  if (imported.status !== "imported") throw new Error("import failed");
  const mk = (email: string, role: "ORGANIZER" | "CLINICIAN") =>
    createUser(db, null, { email, name: email, role, password: "long-enough-password" }).then((r) => r.user);
  const organizer = await mk("org@example.org", "ORGANIZER");
  const [a, b, c] = await Promise.all(["a", "b", "c"].map((x) => mk(`${x}@example.org`, "CLINICIAN")));
  const audit = await createAudit(db, organizer.id, {
    name: "T",
    datasetId: imported.datasetId,
    size: 1,
    seed: "7",
    strata: [],
    rubric: DEFAULT_RUBRIC,
  });
  await assignClinicians(db, organizer.id, { auditId: audit.id, clinicianIds: [a!.id, b!.id, c!.id], design: "FULLY_CROSSED" });
  return { organizer, clinicians: [a!, b!, c!], audit };
}
