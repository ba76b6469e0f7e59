import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePermission } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "My reviews" };

export default async function ReviewPage() {
  const user = await requirePermission("review:rate");
  return (
    <>
      <PageHeader title="My reviews" description={`Signed in as ${user.name}. Items assigned to you in open audits appear here.`} />
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
        No audits have been assigned to you yet.
      </p>
    </>
  );
}
