import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { parseTableParams } from "@/components/data-table/search-params";
import { ItemsTable } from "@/components/datasets/items-table";
import { PageHeader } from "@/components/ui/page-header";
import { db } from "@/lib/db";
import { requirePermission } from "@/lib/server/auth/current-user";
import { browseItems, itemFacets, ITEMS_TABLE } from "@/lib/server/datasets/browse-items";
import { getDataset } from "@/lib/server/datasets/list-datasets";

export const metadata: Metadata = { title: "Dataset" };

export default async function DatasetPage(props: {
  params: Promise<{ datasetId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePermission("datasets:manage");
  const { datasetId } = await props.params;
  const dataset = await getDataset(db(), datasetId);
  if (!dataset) notFound();
  const params = parseTableParams(await props.searchParams, ITEMS_TABLE);
  const [facets, { rows, total }] = await Promise.all([itemFacets(db(), datasetId), browseItems(db(), datasetId, params)]);
  return (
    <>
      <p className="mb-2 text-sm"><Link href="/datasets" className="text-teal-800 hover:underline">← Datasets</Link></p>
      <PageHeader
        title={`${dataset.name} · v${dataset.version}`}
        description={`${dataset.format} · ${dataset.patientCount.toLocaleString("en")} patients · ${dataset.itemCount.toLocaleString("en")} items · ${(dataset.eventCount + dataset.noteCount).toLocaleString("en")} records · checksum ${dataset.checksum.slice(0, 12)}…`}
        actions={<Link href={`/audits/new?dataset=${dataset.id}`} className="rounded-md bg-accent px-4 py-2 text-sm font-medium text-white hover:bg-accent-strong">New audit from this dataset</Link>}
      />
      <ItemsTable datasetId={datasetId} rows={rows} total={total} facets={facets} {...params} />
    </>
  );
}
