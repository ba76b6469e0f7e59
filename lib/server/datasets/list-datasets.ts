import "server-only";
import type { Db } from "../../db/client";
import { storedImportReport } from "../../formats/import-report";

export function listDatasets(db: Db) {
  return db.dataset.findMany({
    orderBy: [{ name: "asc" }, { version: "desc" }],
    select: {
      id: true,
      name: true,
      version: true,
      family: true,
      format: true,
      patientCount: true,
      itemCount: true,
      eventCount: true,
      noteCount: true,
      importedAt: true,
      importedBy: { select: { name: true } },
      _count: { select: { audits: true } },
    },
  });
}
export type DatasetSummary = Awaited<ReturnType<typeof listDatasets>>[number];

/** One dataset version for its page, with its import report (null when none was kept). */
export async function getDataset(db: Db, datasetId: string) {
  const row = await db.dataset.findUnique({
    where: { id: datasetId },
    select: {
      id: true,
      name: true,
      version: true,
      family: true,
      format: true,
      patientCount: true,
      itemCount: true,
      eventCount: true,
      noteCount: true,
      importedAt: true,
      checksum: true,
      importReport: true,
    },
  });
  return row && { ...row, importReport: storedImportReport(row.importReport) };
}
