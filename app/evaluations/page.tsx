import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { PredictionUploadForm } from "@/components/evaluations/upload-form";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { db } from "@/lib/db";
import { requirePermission } from "@/lib/server/auth/current-user";
import { datasetChoices, listPredictionSets } from "@/lib/server/evaluations/queries";
import { utcMinute } from "@/lib/i18n/timestamp";
import { maxPredictionUpload } from "@/lib/server/uploads/limits";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("evaluation.list"))("metaTitle") };
}

export default async function EvaluationsPage() {
  await requirePermission("evaluations:manage");
  const [sets, datasets, t, format] = await Promise.all([listPredictionSets(db()), datasetChoices(db()), getTranslations("evaluation.list"), getFormatter()]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <PredictionUploadForm datasets={datasets} maxUpload={maxPredictionUpload()} />
        {sets.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">{t("empty")}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">{t("caption")}</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">{t("columns.predictions")}</th>
                  <th scope="col" className="px-4 py-3">{t("columns.dataset")}</th>
                  <th scope="col" className="px-4 py-3">{t("columns.models")}</th>
                  <th scope="col" className="px-4 py-3">{t("columns.scopes")}</th>
                  <th scope="col" className="px-4 py-3 text-right">{t("columns.rows")}</th>
                  <th scope="col" className="px-4 py-3">{t("columns.imported")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {sets.map((s) => {
                  const at = utcMinute(s.createdAt);
                  return (
                    <tr key={s.id}>
                      <td className="px-4 py-3">
                        <Link href={`/evaluations/${s.id}`} className="font-medium text-teal-800 hover:underline">{s.name}</Link>
                        <span className="block text-xs text-slate-600">{s.fileName}</span>
                      </td>
                      <td className="px-4 py-3">
                        <Link href={`/datasets/${s.dataset.id}`} className="text-slate-800 hover:underline">{s.dataset.name}</Link>{" "}
                        <Badge>{t("badge", { version: s.dataset.version })}</Badge>
                      </td>
                      <td className="px-4 py-3 text-slate-700">{s.models.join(", ")}</td>
                      <td className="px-4 py-3 text-slate-700">{s.scopes.join(", ")}</td>
                      <td className="px-4 py-3 text-right tabular-nums">{format.number(s.rowCount)}</td>
                      <td className="px-4 py-3 text-slate-700">{s.createdBy ? t("importedBy", { at, name: s.createdBy.name }) : at}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
