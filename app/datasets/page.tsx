import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { UploadForm } from "@/components/datasets/upload-form";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { db } from "@/lib/db";
import { requirePermission } from "@/lib/server/auth/current-user";
import { listDatasets } from "@/lib/server/datasets/list-datasets";
import { maxUpload } from "@/lib/server/uploads/limits";
import { utcMinute } from "@/lib/i18n/timestamp";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("datasets.list"))("title") };
}

export default async function DatasetsPage() {
  await requirePermission("datasets:manage");
  const [datasets, t, format] = await Promise.all([listDatasets(db()), getTranslations("datasets.list"), getFormatter()]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <UploadForm maxUpload={maxUpload()} />
        {datasets.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">{t("empty")}</p>
        ) : (
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">{t("caption")}</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">{t("columns.dataset")}</th>
                  <th scope="col" className="px-4 py-3">{t("columns.format")}</th>
                  <th scope="col" className="px-4 py-3 text-right">{t("columns.patients")}</th>
                  <th scope="col" className="px-4 py-3 text-right">{t("columns.items")}</th>
                  <th scope="col" className="px-4 py-3 text-right">{t("columns.records")}</th>
                  <th scope="col" className="px-4 py-3 text-right">{t("columns.audits")}</th>
                  <th scope="col" className="px-4 py-3">{t("columns.imported")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {datasets.map((d) => (
                  <tr key={d.id}>
                    <td className="px-4 py-3">
                      <Link href={`/datasets/${d.id}`} className="font-medium text-teal-800 hover:underline">{d.name}</Link>{" "}
                      <Badge>{t("badge", { version: d.version })}</Badge>
                    </td>
                    <td className="px-4 py-3 text-slate-700">{d.format}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{format.number(d.patientCount)}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{format.number(d.itemCount)}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{format.number(d.eventCount + d.noteCount)}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{format.number(d._count.audits)}</td>
                    <td className="px-4 py-3 text-slate-700">{utcMinute(d.importedAt)}{d.importedBy ? ` · ${d.importedBy.name}` : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
