// A small, valid backup built through the writer: one patient, two items, two raters, one
// adjudicated item. Tests edit the records and re-write them to produce each kind of bad file.
import { DEFAULT_RUBRIC } from "../../audits/rubric";
import type { BackupRecord } from "../format";
import { BackupWriter } from "../writer";

const T = "2026-01-02T03:04:05.000Z";

export function smallRecords(): BackupRecord[] {
  return [
    {
      type: "dataset",
      id: "ds1",
      name: "Bench",
      version: 1,
      family: "ehr-decision-mcq",
      format: "ehr-decision-mcq-json",
      formatVersion: "1.0",
      checksum: "a".repeat(64),
      meta: { name: "Bench" },
      patientCount: 1,
      itemCount: 2,
      eventCount: 1,
      noteCount: 0,
      importedAt: T,
      importedBy: null,
    },
    {
      type: "patient",
      id: "p1",
      externalId: "P001",
      position: 0,
      data: {},
      events: [
        {
          id: "e1",
          position: 0,
          eventId: "E001",
          time: T,
          gaDays: 80,
          visitId: null,
          type: "lab_test",
          name: "Hb",
          text: null,
          data: { present: { gaDays: true, visitId: true, text: true } },
        },
      ],
      notes: [],
    },
    ...["I1", "I2"].map(
      (externalId, position): BackupRecord => ({
        type: "item",
        id: `i${position}`,
        patient: "p1",
        position,
        kind: "mcq",
        externalId,
        cutoffTime: T,
        chapter: "Chapter 1",
        level: "L1",
        decisionPoint: 1,
        ruleId: "R1",
        question: "Q?",
        data: { kind: "mcq" },
      }),
    ),
    { type: "user", email: "org@example.org", name: "Org", role: "ORGANIZER", active: true },
    { type: "user", email: "a@example.org", name: "A", role: "CLINICIAN", active: true },
    { type: "user", email: "b@example.org", name: "B", role: "CLINICIAN", active: true },
    {
      type: "audit",
      id: "au1",
      name: "Audit",
      status: "CLOSED",
      rubric: structuredClone(DEFAULT_RUBRIC),
      sampleSize: 1,
      seed: "7",
      strata: [],
      sampling: { frameSize: 2 },
      populationSize: 2,
      design: "FULLY_CROSSED",
      ratersPerItem: null,
      shareResults: false,
      createdBy: "org@example.org",
      adjudicator: null,
      raterOrder: ["b@example.org", "a@example.org"],
      createdAt: T,
      openedAt: T,
      closedAt: T,
    },
    {
      type: "auditItem",
      id: "ai1",
      item: "I2",
      sampleOrder: 0,
      adjudication: {
        id: "adj1",
        adjudicator: "org@example.org",
        finalLabels: { gold: "incorrect" },
        rationale: "why",
        removeItem: false,
        decidedAt: T,
        updatedAt: T,
      },
    },
    ...(["a", "b"] as const).map(
      (who, n): BackupRecord => ({
        type: "assignment",
        id: `as${n}`,
        auditItem: "ai1",
        user: `${who}@example.org`,
        active: true,
        assignedAt: T,
        withdrawnAt: null,
        comment: `comment ${who}`,
        commentVersion: 1,
        lastActivityAt: T,
        ratings: [{ id: `r${n}`, dimension: "gold", category: n ? "incorrect" : "correct", version: 2, createdAt: T, updatedAt: T }],
        corrections: [
          {
            id: `c${n}`,
            kind: "GOLD",
            turnOrder: 0,
            proposal: "B",
            newGold: "B",
            rationale: "r",
            version: 1,
            createdAt: T,
            updatedAt: T,
            decision: n
              ? { id: "d1", adjudicator: "org@example.org", decision: "ACCEPTED", applied: { answer: "B" }, rationale: "ok", decidedAt: T }
              : null,
          },
        ],
      }),
    ),
  ];
}

/** The records written as a backup file's text. */
export function writeBackup(records: BackupRecord[] = smallRecords()): string {
  const w = new BackupWriter();
  let text = w.header({ createdAt: "2026-02-01T00:00:00.000Z", generator: "test", audit: { id: "au1", name: "Audit" } });
  for (const r of records) text += w.record(r);
  return text + w.end();
}
