import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { DATABASES, target } from "./databases";

// Every rejection rule of the import: a located message, and a database left exactly as it was.
const FIXTURES = path.resolve("lib/formats/__fixtures__");
const ehr = () => JSON.parse(fs.readFileSync(path.join(FIXTURES, "ehr-decision-mcq.example.json"), "utf8"));
const notes = () => JSON.parse(fs.readFileSync(path.join(FIXTURES, "notes-chatqa.example.json"), "utf8"));

type Bundle = ReturnType<typeof ehr>;
const CASES: { rule: string; bundle: () => Bundle; field: RegExp }[] = [
  {
    rule: "evidence event dated after the cutoff",
    field: /evidence_event_ids/,
    bundle: () => {
      const b = ehr();
      b.patients[0].events.push({
        event_id: "E200",
        time: "2031-09-30T08:00:00",
        event_type: "clinical_note",
        name: "Later note",
        text: "x",
      });
      b.instances[0].evidence_event_ids.push("E200");
      return b;
    },
  },
  {
    rule: "evidence event that is not the patient's",
    field: /evidence_event_ids/,
    bundle: () => {
      const b = ehr();
      b.instances[0].evidence_event_ids.push("E-NOT-THERE");
      return b;
    },
  },
  {
    rule: "answer that is not an option label",
    field: /answer/,
    bundle: () => {
      const b = ehr();
      b.instances[0].answer = "F";
      return b;
    },
  },
  {
    rule: "duplicate event ids",
    field: /event_id/,
    bundle: () => {
      const b = ehr();
      b.patients[0].events[1].event_id = "E001";
      return b;
    },
  },
  {
    rule: "duplicate instance ids",
    field: /instance_id/,
    bundle: () => {
      const b = ehr();
      b.instances.push({ ...b.instances[0] });
      return b;
    },
  },
  {
    rule: "decision-point index not increasing with the cutoff",
    field: /decision_point_index/,
    bundle: () => {
      const b = ehr();
      b.instances.push({
        ...b.instances[0],
        instance_id: "SYN-ICP-0000",
        decision_point_index: 2,
        cutoff: { time: "2031-04-01T23:59:59" },
        evidence_event_ids: ["E001"],
      });
      return b;
    },
  },
  {
    rule: "unknown event type",
    field: /event_type/,
    bundle: () => {
      const b = ehr();
      b.patients[0].events[0].event_type = "imaging";
      return b;
    },
  },
  {
    rule: "malformed date",
    field: /time/,
    bundle: () => {
      const b = ehr();
      b.patients[0].events[0].time = "2031-02-30T09:10:00";
      return b;
    },
  },
  {
    rule: "malformed number",
    field: /ga_days/,
    bundle: () => {
      const b = ehr();
      b.patients[0].events[0].ga_days = "eighty";
      return b;
    },
  },
  {
    rule: "content turn without its source turn",
    field: /turn/,
    bundle: () => {
      const b = notes();
      b.conversations[0].turns.pop();
      return b;
    },
  },
  {
    rule: "source option naming a note the patient does not have",
    field: /option_c/,
    bundle: () => {
      const b = notes();
      b.conversations[0].turns[1].option_c = "Note #7 Chartdate: 2150-03-02 Headers: Discharge Medications";
      return b;
    },
  },
];

describe.each(DATABASES)("import rejections on $name", (database) => {
  afterAll(() => database.dropAll());

  it.each(CASES)("rejects $rule, located, and writes nothing", async ({ bundle, field }) => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const before = await db.auditEvent.count();
    const text = JSON.stringify(bundle(), null, 1);
    const outcome = await importDataset(db, null, [
      {
        name: "case.json",
        open: async function* () {
          yield text;
        },
      },
    ]);
    expect(outcome.status).toBe("invalid");
    if (outcome.status !== "invalid") return;
    const issue = outcome.issues.find((i) => field.test(i.field));
    expect(issue, JSON.stringify(outcome.issues)).toBeDefined();
    expect(issue!.file).toBe("case.json");
    expect(issue!.line ?? issue!.record).toBeGreaterThan(0);
    expect(await db.dataset.count()).toBe(0);
    expect(await db.patient.count()).toBe(0);
    expect(await db.ehrEvent.count()).toBe(0);
    expect(await db.note.count()).toBe(0);
    expect(await db.item.count()).toBe(0);
    expect(await db.auditEvent.count()).toBe(before);
    await db.$disconnect();
  });
});
