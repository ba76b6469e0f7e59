// The case page's record cache (lib/server/review/record-cache.ts): a record built once per item
// and kept in memory and on disk must hold exactly that item's records up to its own cutoff —
// never a later one, never another decision point's of the same patient — and is handed out only
// through the same access check as the page (the rater's own active assignment in an open or
// closed audit). A stale or foreign file on disk is rebuilt, never served.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { parseRecord } from "@/lib/review/compact-record";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { loadCasePage } from "@/lib/server/review/case-page";
import { loadCase } from "@/tests/support/load-case";
import { caseRecord, clearRecordMemory } from "@/lib/server/review/record-cache";
import { eventViewModel } from "@/lib/server/review/view-model";
import { seedAudit } from "@/tests/support/world";
import { DATABASES, target } from "./databases";

/** The example patient with two decision points (cutoffs in March and August) and one record after both. */
function bundle(): string {
  const b = JSON.parse(fs.readFileSync(path.resolve("lib/formats/__fixtures__/ehr-decision-mcq.example.json"), "utf8"));
  b.patients[0].events.push({
    event_id: "E099",
    time: "2031-09-02T09:00:00",
    ga_days: 239,
    visit_id: "V10",
    event_type: "clinical_note",
    name: "Antenatal visit note",
    text: "FUTURE-ONLY: induction planned.",
  });
  const later = b.instances[0];
  const earlier = {
    ...structuredClone(later),
    instance_id: "SYN-ICP-0000",
    cutoff: { time: "2031-03-28T00:00:00", ga_days: 75, visit_id: "V02" },
    evidence_event_ids: ["E001"],
    decision_point_index: 1,
  };
  later.decision_point_index = 2;
  b.instances = [earlier, later];
  return JSON.stringify(b);
}

async function world(db: Db) {
  const { organizer, raters, audit } = await seedAudit(db, { benchmark: bundle(), raters: ["a", "b"], items: 2, status: "draft" });
  const assignments = await db.assignment.findMany({
    select: {
      id: true,
      userId: true,
      auditItem: { select: { item: { select: { id: true, externalId: true, patientId: true, cutoffTime: true } } } },
    },
  });
  const of = (user: string, externalId: string) =>
    assignments.find((x) => x.userId === user && x.auditItem.item.externalId === externalId)!;
  return { organizer, a: raters[0]!, b: raters[1]!, audit, of };
}

describe.each(DATABASES)("the case page's record cache on $name", (database) => {
  const dirs: string[] = [];
  afterAll(() => {
    dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
    return database.dropAll();
  });
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-records-"));
    dirs.push(d);
    return d;
  };

  it("serves each item's own pre-cutoff record, from memory, from disk and rebuilt, and nothing later", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const { organizer, a, audit, of } = await world(db);
    await setAuditStatus(db, organizer.id, audit.id, "open");
    const dir = tmp();
    const expected = { "SYN-ICP-0000": ["E001"], "SYN-ICP-0001": ["E001", "E014", "E015"] };
    for (const round of ["built", "memory", "disk"] as const) {
      if (round === "disk") clearRecordMemory();
      for (const [externalId, ids] of Object.entries(expected)) {
        const page = (await loadCasePage(db, a.id, of(a.id, externalId).id, { recordDir: dir }))!;
        expect(page.record!.json, round).not.toContain("FUTURE-ONLY");
        expect(page.record!.json).not.toContain("E099");
        const events = parseRecord(page.record!.json);
        expect(
          events.map((e) => e.eventId),
          `${round} ${externalId}`,
        ).toEqual(ids);
        // The same content as the uncached page path (loadCase), event for event.
        const reference = (await loadCase(db, a.id, of(a.id, externalId).id))!.events.map((e) => eventViewModel(e.event.eventId, e.event));
        expect(events).toEqual(reference);
      }
    }
    // One file per item, none holding a later record.
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(2);
    for (const f of files) expect(fs.readFileSync(path.join(dir, f), "utf8")).not.toContain("FUTURE-ONLY");
    await db.$disconnect();
  });

  it("rebuilds a file that is not this item's as it is now (another item's, another cutoff, a later record)", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const { organizer, a, audit, of } = await world(db);
    await setAuditStatus(db, organizer.id, audit.id, "open");
    const dir = tmp();
    const early = of(a.id, "SYN-ICP-0000").auditItem.item;
    const late = of(a.id, "SYN-ICP-0001").auditItem.item;
    await caseRecord(db, late, { dir });
    // The later decision point's record (with E014/E015) planted as the earlier one's file.
    const planted = JSON.parse(fs.readFileSync(path.join(dir, `${late.id}.json`), "utf8"));
    const forgeries = [
      { ...planted, itemId: early.id }, // another item's record
      { ...planted, itemId: early.id, cutoff: early.cutoffTime!.toISOString() }, // its events end after this cutoff
      { ...planted, itemId: early.id, cutoff: early.cutoffTime!.toISOString(), v: 0 }, // another version
      "{ not json",
    ];
    for (const forged of forgeries) {
      clearRecordMemory();
      fs.writeFileSync(path.join(dir, `${early.id}.json`), typeof forged === "string" ? forged : JSON.stringify(forged));
      const record = await caseRecord(db, early, { dir });
      expect(parseRecord(record.json).map((e) => e.eventId)).toEqual(["E001"]);
    }
    await db.$disconnect();
  });

  it("is reached only through the rater's own assignment in an open or closed audit", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const { organizer, a, b, audit, of } = await world(db);
    const dir = tmp();
    const mine = of(a.id, "SYN-ICP-0001").id;
    // A draft audit: no page, and no record built for it.
    expect(await loadCasePage(db, a.id, mine, { recordDir: dir })).toBeNull();
    await setAuditStatus(db, organizer.id, audit.id, "open");
    // Someone else's assignment, or one withdrawn: not found, nothing built.
    expect(await loadCasePage(db, b.id, mine, { recordDir: dir })).toBeNull();
    await db.assignment.update({ where: { id: of(a.id, "SYN-ICP-0000").id }, data: { active: false } });
    expect(await loadCasePage(db, a.id, of(a.id, "SYN-ICP-0000").id, { recordDir: dir })).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
    const page = (await loadCasePage(db, a.id, mine, { recordDir: dir }))!;
    expect(page.record!.events).toBe(3);
    // The rest of the page is the rater's own: their place, their queue, no one else's ratings.
    expect(page).toMatchObject({ position: expect.any(Number), size: 1, ratings: [] });
    expect(page.nextAssignmentId).toBeNull();
    await db.$disconnect();
  });
});
