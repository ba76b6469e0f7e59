// The report's per-turn dimensions come from the turns of the sampled conversations, which the
// snapshot keeps per sample instead of parsing every conversation at each change of a rating: an
// extended sample must still bring its new conversations' turns into the report.
import { afterAll, describe, expect, it } from "vitest";
import { rubricTurns } from "@/lib/audits/item-dimensions";
import { CONVERSATION_RUBRIC, parseRubric } from "@/lib/audits/rubric";
import { generateNotesBundle } from "@/lib/synth";
import { extendAuditSample } from "@/lib/server/audits/extend-sample";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { reportRubric } from "@/lib/server/reports/report-rubric";
import type { Db } from "@/lib/db/client";
import { seedAudit } from "@/tests/support/world";
import { DATABASES, freshDb } from "./databases";

const NOTES = JSON.stringify(generateNotesBundle({ seed: "snapshot-turns", size: "full", patients: 12 }).bundle);

/** The report rubric read the long way: every sampled conversation's item, parsed now. */
async function readRubric(db: Db, auditId: string) {
  const rows = await db.auditItem.findMany({ where: { auditId }, select: { item: { select: { data: true } } } });
  return reportRubric(
    parseRubric(CONVERSATION_RUBRIC),
    rows.map((r) => rubricTurns(r.item.data)),
  );
}

describe.each(DATABASES)("the snapshot's kept turns on $name", (database) => {
  afterAll(() => database.dropAll());

  it("follow the sample: an extension brings its conversations' turns into the report", async () => {
    const db = await freshDb(database);
    const { organizer, audit } = await seedAudit(db, {
      benchmark: [{ name: "notes.json", text: NOTES }],
      raters: ["a", "b"],
      items: 1,
      name: "Turns",
      seed: "turns",
      rubric: CONVERSATION_RUBRIC,
    });
    const first = (await loadAuditSnapshot(db, audit.id))!.rubric.map((d) => d.key);
    expect(first).toEqual((await readRubric(db, audit.id)).map((d) => d.key));
    expect((await loadAuditSnapshot(db, audit.id))!.rubric.map((d) => d.key)).toEqual(first);

    const all = await db.item.count({ where: { datasetId: (await db.audit.findUniqueOrThrow({ where: { id: audit.id } })).datasetId } });
    await extendAuditSample(db, organizer.id, { auditId: audit.id, add: all - 1, fromSize: 1 });
    const extended = (await loadAuditSnapshot(db, audit.id))!.rubric.map((d) => d.key);
    expect(extended).toEqual((await readRubric(db, audit.id)).map((d) => d.key));
    // The fixture's conversations are longer than its first one: the kept turns were read again.
    expect(extended.length).toBeGreaterThan(first.length);
    await db.$disconnect();
  }, 120_000);
});
