// The dataset's part of an audit backup (lib/server/backup/export-audit.ts): its patients with
// events and notes, and its items, read page by page; the kept import report.
import "server-only";
import { ITEMS_PER_READ, recordRows, recordTake } from "../../db/batches";
import type { Db } from "../../db/client";
import { isoOrNull, type BackupRecord, type DatasetRecord } from "../../backup";
import { storedImportReport } from "../../formats/import-report";

/** The kept import report, if it reads as one (a backup must restore: nothing the reader would refuse). */
export function importReportOf(stored: unknown): Pick<DatasetRecord, "importReport"> {
  const report = storedImportReport(stored);
  return report ? { importReport: report } : {};
}

/** Pages of about the same number of record rows (recordTake), whatever the patients' size. */
export async function* patientRecords(db: Db, datasetId: string): AsyncGenerator<BackupRecord> {
  let last: { patients: number; rows: number } | null = null;
  for (let from = 0; ; ) {
    const take = recordTake(last);
    const page = await db.patient.findMany({
      where: { datasetId },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      skip: from,
      take,
      include: { events: { orderBy: [{ position: "asc" }, { id: "asc" }] }, notes: { orderBy: { noteNum: "asc" } } },
    });
    for (const p of page) {
      yield {
        type: "patient",
        id: p.id,
        externalId: p.externalId,
        position: p.position,
        data: p.data,
        events: p.events.map((e) => ({
          id: e.id,
          position: e.position,
          eventId: e.eventId,
          time: e.time.toISOString(),
          gaDays: e.gaDays,
          visitId: e.visitId,
          type: e.type,
          name: e.name,
          text: e.text,
          data: e.data,
        })),
        notes: p.notes.map((n) => ({ id: n.id, noteNum: n.noteNum, chartdate: n.chartdate, text: n.text, data: n.data })),
      };
    }
    if (page.length < take) return;
    from += page.length;
    last = { patients: page.length, rows: recordRows(page) };
  }
}

export async function* itemRecords(db: Db, datasetId: string): AsyncGenerator<BackupRecord> {
  for (let from = 0; ; from += ITEMS_PER_READ) {
    const page = await db.item.findMany({
      where: { datasetId },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      skip: from,
      take: ITEMS_PER_READ,
    });
    for (const i of page) {
      yield {
        type: "item",
        id: i.id,
        patient: i.patientId,
        position: i.position,
        kind: i.kind as "mcq" | "conversation",
        externalId: i.externalId,
        cutoffTime: isoOrNull(i.cutoffTime),
        chapter: i.chapter,
        level: i.level,
        decisionPoint: i.decisionPoint,
        ruleId: i.ruleId,
        question: i.question,
        data: i.data,
      };
    }
    if (page.length < ITEMS_PER_READ) return;
  }
}
