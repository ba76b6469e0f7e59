// The small review world of the review and correction tests: the example bundle (one record
// after the cutoff added), an organizer, three clinicians and a fully crossed one-item audit.
import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db/client";
import { seedAudit } from "@/tests/support/world";

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
  const { organizer, raters, audit } = await seedAudit(db, {
    benchmark: bundleWithFutureEvent(),
    raters: ["a", "b", "c"],
    status: "draft",
  });
  return { organizer, clinicians: raters, audit };
}
