import type { Metadata } from "next";
import { parseTableParams } from "@/components/data-table/search-params";
import { TrailTable } from "@/components/admin/trail-table";
import { PageHeader } from "@/components/ui/page-header";
import { db } from "@/lib/db";
import { requirePermission } from "@/lib/server/auth/current-user";
import { listTrail, TRAIL_TABLE } from "@/lib/server/audit-trail-query";

export const metadata: Metadata = { title: "Audit trail" };

export default async function AuditTrailPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePermission("audit-trail:read");
  const params = parseTableParams(await props.searchParams, TRAIL_TABLE);
  const { rows, total, entities } = await listTrail(db(), params);
  const query = new URLSearchParams({ ...(params.search ? { q: params.search } : {}), ...(params.filters.entity ? { entity: params.filters.entity } : {}) });
  return (
    <>
      <PageHeader
        title="Audit trail"
        description="Every change to users, datasets, audits, assignments, ratings, corrections and adjudications: who, when, before and after. Append-only."
        actions={<a href={`/api/admin/audit-trail?${query}`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100" download>Export CSV</a>}
      />
      <TrailTable rows={rows} total={total} entities={entities} {...params} />
    </>
  );
}
