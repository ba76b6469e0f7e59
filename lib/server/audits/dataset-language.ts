import "server-only";
import type { Db } from "../../db/client";
import { datasetLanguage, type DatasetLanguage } from "../../audits/dataset-language";

/** Each dataset's record language (declared, else read from its first questions), for the new-audit form. */
export async function datasetLanguages(db: Db, datasetIds: string[]): Promise<Map<string, DatasetLanguage | null>> {
  const datasets = await db.dataset.findMany({ where: { id: { in: datasetIds } }, select: { id: true, meta: true } });
  const out = new Map<string, DatasetLanguage | null>();
  for (const d of datasets) {
    const questions = await db.item.findMany({
      where: { datasetId: d.id },
      orderBy: { position: "asc" },
      take: 20,
      select: { question: true },
    });
    out.set(
      d.id,
      datasetLanguage(
        d.meta,
        questions.map((q) => q.question),
      ),
    );
  }
  return out;
}
