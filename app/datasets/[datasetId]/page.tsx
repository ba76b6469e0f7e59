import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "@/lib/i18n/server";
import { parseTableParams } from "@/components/data-table/search-params";
import { FindingsList } from "@/components/datasets/findings-list";
import { DatasetImportReport } from "@/components/datasets/dataset-import-report";
import { ItemsTable } from "@/components/datasets/items-table";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/server/page";
import { browseItems, itemFacets, ITEMS_TABLE } from "@/lib/server/datasets/browse-items";
import { datasetFindings } from "@/lib/server/datasets/findings";
import { getDataset } from "@/lib/server/datasets/list-datasets";
import { buttonVariants } from "@/components/ui/button";
import { can } from "@/lib/auth/permissions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("datasets.dataset"))("metaTitle") };
}

export default async function DatasetPage(props: {
  params: Promise<{ datasetId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { db, user } = await pageContext("datasets:manage");
  const { datasetId } = await props.params;
  const dataset = await getDataset(db, datasetId);
  if (!dataset) notFound();
  const params = parseTableParams(await props.searchParams, ITEMS_TABLE);
  const [findings, facets, { rows, total }, t, tt, format] = await Promise.all([
    datasetFindings(db, datasetId),
    itemFacets(db, datasetId),
    browseItems(db, datasetId, params),
    getTranslations("datasets.dataset"),
    getTranslations("audits.triage"),
    getFormatter(),
  ]);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/datasets" className="text-teal-800 hover:underline">
          {t("back")}
        </Link>
      </p>
      <PageHeader
        title={t("title", { name: dataset.name, version: dataset.version })}
        description={t("description", {
          format: dataset.format,
          patients: format.number(dataset.patientCount),
          items: format.number(dataset.itemCount),
          records: format.number(dataset.eventCount + dataset.noteCount),
          checksum: dataset.checksum.slice(0, 12),
        })}
        actions={
          <>
            {can(user.role, "evaluations:manage") && (
              <Link href={`/datasets/${dataset.id}/triage`} className={buttonVariants({ variant: "secondary" })}>
                {tt("link")}
              </Link>
            )}
            <Link href={`/audits/new?dataset=${dataset.id}`} className={buttonVariants()}>
              {t("newAudit")}
            </Link>
          </>
        }
      />
      <DatasetImportReport report={dataset.importReport} />
      <FindingsList datasetId={datasetId} {...findings} />
      <ItemsTable datasetId={datasetId} rows={rows} total={total} facets={facets} {...params} />
    </>
  );
}
