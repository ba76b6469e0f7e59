import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "@/lib/i18n/server";
import { PredictionUploadForm } from "@/components/evaluations/upload-form";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { pageContext } from "@/lib/server/page";
import { datasetChoices, listPredictionSets } from "@/lib/server/evaluations/queries";
import { utcMinute } from "@/lib/i18n/timestamp";
import { maxPredictionUpload } from "@/lib/server/uploads/limits";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("evaluation.list"))("metaTitle") };
}

export default async function EvaluationsPage() {
  const { db } = await pageContext("evaluations:manage");
  const [sets, datasets, t, format] = await Promise.all([
    listPredictionSets(db),
    datasetChoices(db),
    getTranslations("evaluation.list"),
    getFormatter(),
  ]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <PredictionUploadForm datasets={datasets} maxUpload={maxPredictionUpload()} />
        {sets.length === 0 ? (
          <EmptyState>{t("empty")}</EmptyState>
        ) : (
          <Table caption={t("caption")}>
            <THead>
              <tr>
                <Th>{t("columns.predictions")}</Th>
                <Th>{t("columns.dataset")}</Th>
                <Th>{t("columns.models")}</Th>
                <Th>{t("columns.scopes")}</Th>
                <Th numeric>{t("columns.rows")}</Th>
                <Th>{t("columns.imported")}</Th>
              </tr>
            </THead>
            <TBody>
              {sets.map((s) => {
                const at = utcMinute(s.createdAt);
                return (
                  <tr key={s.id}>
                    <Td>
                      <Link href={`/evaluations/${s.id}`} className="font-medium text-teal-800 hover:underline">
                        {s.name}
                      </Link>
                      <span className="block text-xs text-slate-600">{s.fileName}</span>
                    </Td>
                    <Td>
                      <Link href={`/datasets/${s.dataset.id}`} className="text-slate-800 hover:underline">
                        {s.dataset.name}
                      </Link>{" "}
                      <Badge>{t("badge", { version: s.dataset.version })}</Badge>
                    </Td>
                    <Td className="text-slate-700">{s.models.join(", ")}</Td>
                    <Td className="text-slate-700">{s.scopes.join(", ")}</Td>
                    <Td numeric>{format.number(s.rowCount)}</Td>
                    <Td className="text-slate-700">{s.createdBy ? t("importedBy", { at, name: s.createdBy.name }) : at}</Td>
                  </tr>
                );
              })}
            </TBody>
          </Table>
        )}
      </div>
    </>
  );
}
