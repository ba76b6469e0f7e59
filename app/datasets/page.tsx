import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePermission } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Datasets" };

export default async function DatasetsPage() {
  await requirePermission("datasets:manage");
  return (
    <>
      <PageHeader title="Datasets" description="Benchmarks imported for auditing." />
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
        No datasets imported yet.
      </p>
    </>
  );
}
