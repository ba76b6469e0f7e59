import type { Metadata } from "next";
import { randomInt } from "node:crypto";
import { NewAuditForm } from "@/components/audits/new-audit-form";
import { PageHeader } from "@/components/ui/page-header";
import { db } from "@/lib/db";
import { requirePermission } from "@/lib/server/auth/current-user";
import { listDatasets } from "@/lib/server/datasets/list-datasets";

export const metadata: Metadata = { title: "New audit" };

export default async function NewAuditPage(props: { searchParams: Promise<{ dataset?: string }> }) {
  await requirePermission("audits:manage");
  const { dataset } = await props.searchParams;
  const datasets = await listDatasets(db());
  return (
    <>
      <PageHeader title="New audit" description="Draw a reproducible random sample of a dataset and choose the rubric clinicians rate it on." />
      {datasets.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">Import a dataset first.</p>
      ) : (
        <NewAuditForm
          datasets={datasets.map((d) => ({ id: d.id, label: `${d.name} v${d.version}`, itemCount: d.itemCount }))}
          initialDatasetId={dataset}
          initialSeed={String(randomInt(100000, 999999))}
        />
      )}
    </>
  );
}
