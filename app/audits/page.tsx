import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePermission } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Audits" };

export default async function AuditsPage() {
  await requirePermission("audits:manage");
  return (
    <>
      <PageHeader title="Audits" description="Draw a reproducible sample from a dataset, assign it to clinicians and follow their progress." />
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
        No audits yet.
      </p>
    </>
  );
}
