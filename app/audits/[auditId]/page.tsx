import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AdjudicatorSelect } from "@/components/audits/adjudicator-select";
import { AssignPanel } from "@/components/audits/assign-panel";
import { CompositionTable } from "@/components/audits/composition-table";
import { ProgressTable } from "@/components/audits/progress-table";
import { StatusControls } from "@/components/audits/status-controls";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/permissions";
import { db } from "@/lib/db";
import { describeComposition } from "@/lib/sampling/composition";
import { requirePermission } from "@/lib/server/auth/current-user";
import { auditProgress } from "@/lib/server/audits/progress";
import { activeClinicians, getAudit } from "@/lib/server/audits/queries";
import { samplingFrame, STRATA_KEYS } from "@/lib/server/audits/sampling-frame";

export const metadata: Metadata = { title: "Audit" };

const STATUS_TONE = { DRAFT: "neutral", OPEN: "accent", CLOSED: "warning" } as const;

export default async function AuditPage(props: { params: Promise<{ auditId: string }> }) {
  const user = await requirePermission("audits:manage");
  const { auditId } = await props.params;
  const audit = await getAudit(db(), auditId);
  if (!audit) notFound();
  const [progress, clinicians, items, { frame }] = await Promise.all([
    auditProgress(db(), auditId),
    activeClinicians(db()),
    db().auditItem.findMany({ where: { auditId }, select: { item: { select: { externalId: true } } } }),
    samplingFrame(db(), audit.datasetId),
  ]);
  const composition = describeComposition({ ids: items.map((i) => i.item.externalId) }, frame, [...STRATA_KEYS]);
  const sampling = audit.sampling as { frameSize: number; frameChecksum: string };
  return (
    <>
      <p className="mb-2 text-sm"><Link href="/audits" className="text-teal-800 hover:underline">← Audits</Link></p>
      <PageHeader
        title={audit.name}
        description={
          <>
            <Badge tone={STATUS_TONE[audit.status]}>{audit.status.toLowerCase()}</Badge>{" "}
            {audit.sampleSize} of {sampling.frameSize.toLocaleString("en")} items from {audit.dataset.name} v{audit.dataset.version} · seed {audit.seed}
            {(audit.strata as string[]).length ? ` · stratified by ${(audit.strata as string[]).join(", ")}` : ""} · {audit.rubric.map((d) => d.label).join(" / ")}
          </>
        }
        actions={
          <>
            <Link href={`/audits/${audit.id}/dashboard`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100">Dashboard</Link>
            {audit.status !== "DRAFT" && <Link href={`/audits/${audit.id}/adjudicate`} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100">Adjudicate</Link>}
            {can(user.role, "backup:manage") && (
              <a href={`/api/audits/${audit.id}/backup`} download className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-100">Download backup</a>
            )}
          </>
        }
      />
      <div className="mb-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <StatusControls auditId={audit.id} status={audit.status} shareResults={audit.shareResults} />
          <AdjudicatorSelect auditId={audit.id} clinicians={clinicians} current={audit.adjudicatorId} />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <section aria-labelledby="progress-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="progress-heading" className="text-base font-semibold">Progress</h2>
            <p className="mt-1 text-sm text-slate-600" data-testid="audit-progress">{progress?.done ?? 0} of {progress?.assigned ?? 0} assigned reviews complete</p>
            <div className="mt-3"><ProgressTable clinicians={progress?.clinicians ?? []} auditId={audit.id} locked={audit.status === "CLOSED"} /></div>
          </section>
          <AssignPanel auditId={audit.id} clinicians={clinicians} assignedIds={(progress?.clinicians ?? []).filter((c) => c.active).map((c) => c.userId)} locked={audit.status === "CLOSED"} />
        </div>
        <section aria-labelledby="sample-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="sample-heading" className="text-base font-semibold">Sample</h2>
          <p className="mt-1 text-xs text-slate-600">Frame checksum {sampling.frameChecksum}</p>
          <CompositionTable composition={composition} />
        </section>
      </div>
    </>
  );
}
