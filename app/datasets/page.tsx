import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "@/lib/i18n/server";
import { UploadForm } from "@/components/datasets/upload-form";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { pageContext } from "@/lib/server/page";
import { listDatasets } from "@/lib/server/datasets/list-datasets";
import { maxUpload } from "@/lib/server/uploads/limits";
import { utcMinute } from "@/lib/i18n/timestamp";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("datasets.list"))("title") };
}

export default async function DatasetsPage() {
  const { db } = await pageContext("datasets:manage");
  const [datasets, t, format] = await Promise.all([listDatasets(db), getTranslations("datasets.list"), getFormatter()]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <UploadForm maxUpload={maxUpload()} />
        {datasets.length === 0 ? (
          <EmptyState>{t("empty")}</EmptyState>
        ) : (
          <Table caption={t("caption")}>
            <THead>
              <tr>
                <Th>{t("columns.dataset")}</Th>
                <Th>{t("columns.format")}</Th>
                <Th numeric>{t("columns.patients")}</Th>
                <Th numeric>{t("columns.items")}</Th>
                <Th numeric>{t("columns.records")}</Th>
                <Th numeric>{t("columns.audits")}</Th>
                <Th>{t("columns.imported")}</Th>
              </tr>
            </THead>
            <TBody>
              {datasets.map((d) => (
                <tr key={d.id}>
                  <Td>
                    <Link href={`/datasets/${d.id}`} className="font-medium text-teal-800 hover:underline">
                      {d.name}
                    </Link>{" "}
                    <Badge>{t("badge", { version: d.version })}</Badge>
                  </Td>
                  <Td className="text-slate-700">{d.format}</Td>
                  <Td numeric>{format.number(d.patientCount)}</Td>
                  <Td numeric>{format.number(d.itemCount)}</Td>
                  <Td numeric>{format.number(d.eventCount + d.noteCount)}</Td>
                  <Td numeric>{format.number(d._count.audits)}</Td>
                  <Td className="text-slate-700">
                    {utcMinute(d.importedAt)}
                    {d.importedBy ? ` · ${d.importedBy.name}` : ""}
                  </Td>
                </tr>
              ))}
            </TBody>
          </Table>
        )}
      </div>
    </>
  );
}
