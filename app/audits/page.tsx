import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { db } from "@/lib/db";
import { requirePermission } from "@/lib/server/auth/current-user";
import { listAudits } from "@/lib/server/audits/queries";

export const metadata: Metadata = { title: "Audits" };
const STATUS_TONE = { DRAFT: "neutral", OPEN: "accent", CLOSED: "warning" } as const;

export default async function AuditsPage() {
  await requirePermission("audits:manage");
  const audits = await listAudits(db());
  return (
    <>
      <PageHeader
        title="Audits"
        description="Draw a reproducible sample from a dataset, assign it to clinicians and follow their progress."
        actions={<Link href="/audits/new" className="rounded-md bg-accent px-4 py-2 text-sm font-medium text-white hover:bg-accent-strong">New audit</Link>}
      />
      {audits.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">No audits yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm">
          {audits.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <Link href={`/audits/${a.id}`} className="font-medium text-teal-800 hover:underline">{a.name}</Link>
              <Badge tone={STATUS_TONE[a.status]}>{a.status.toLowerCase()}</Badge>
              <span className="text-sm text-slate-600">{a._count.items} items · {a.clinicians} clinicians · {a.dataset.name} v{a.dataset.version}</span>
              <span className="ml-auto text-sm text-slate-500">{a.createdAt.toISOString().slice(0, 10)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
