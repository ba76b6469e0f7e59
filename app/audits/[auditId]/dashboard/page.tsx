import type { Metadata } from "next";
import Link from "next/link";
import { forbidden, notFound } from "next/navigation";
import {
  AgreementBreakdownChart, CategoryDistributionChart, CoefficientTable, DisagreementList, MajoritySummary, PairwiseMatrix,
} from "@/components/dashboard";
import { AdjudicatedCounts } from "@/components/dashboard/adjudicated-counts";
import { ErrorBoundCard } from "@/components/dashboard/error-bound-card";
import { PrintButton } from "@/components/dashboard/print-button";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/permissions";
import { db } from "@/lib/db";
import { adjudicatedOutcome } from "@/lib/adjudication/outcome";
import { computeAuditReport } from "@/lib/reports";
import { requireUser } from "@/lib/server/auth/current-user";
import { auditProgress } from "@/lib/server/audits/progress";
import { loadAuditSnapshot } from "@/lib/server/reports/audit-snapshot";
import { canSeeResults } from "@/lib/server/reports/dashboard-access";
import { loadAdjudications } from "@/lib/server/adjudication/records";
import { exportCatalog, paragraphWithAdjudication } from "@/lib/server/reports/export-files";

export const metadata: Metadata = { title: "Agreement dashboard" };

export default async function DashboardPage(props: { params: Promise<{ auditId: string }> }) {
  const user = await requireUser();
  const { auditId } = await props.params;
  const access = await canSeeResults(db(), user, auditId);
  if (access === "not-found") notFound();
  if (access === "forbidden") forbidden();
  const organizer = can(user.role, "audits:manage");
  const snapshot = (await loadAuditSnapshot(db(), auditId))!;
  const report = computeAuditReport(snapshot);
  const [progress, adjudications] = await Promise.all([auditProgress(db(), auditId), loadAdjudications(db(), auditId)]);
  const outcome = adjudications.length ? adjudicatedOutcome(report, adjudications) : null;
  const open = snapshot.audit.status === "OPEN";
  return (
    <>
      <p className="mb-2 text-sm print:hidden">
        <Link href={organizer ? `/audits/${auditId}` : "/review"} className="text-teal-800 hover:underline">← {organizer ? snapshot.audit.name : "My reviews"}</Link>
      </p>
      <PageHeader
        title={`Agreement · ${snapshot.audit.name}`}
        description={
          <>
            <Badge tone={open ? "accent" : "neutral"}>{snapshot.audit.status.toLowerCase()}</Badge>{" "}
            {snapshot.items.length} items · {snapshot.raters.length} raters · {progress?.done ?? 0} of {progress?.assigned ?? 0} reviews complete
            {open ? " · live: figures change as ratings arrive (reload to update)" : ""}
          </>
        }
        actions={<PrintButton />}
      />
      {organizer && (
        <section aria-labelledby="exports-heading" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm print:hidden">
          <h2 id="exports-heading" className="text-sm font-semibold">Exports</h2>
          <ul className="mt-2 flex flex-wrap gap-2 text-sm">
            {exportCatalog(snapshot).map((e) => (
              <li key={e.file}>
                <a className="inline-block rounded-md border border-slate-300 px-2.5 py-1 hover:bg-slate-100" href={`/api/audits/${auditId}/export/${e.file}`} download>
                  {e.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="space-y-10">
        {report.dimensions.map((d) => (
          <section key={d.key} aria-labelledby={`dim-${d.key}`} className="space-y-4" data-testid={`dimension-${d.key}`}>
            <h2 id={`dim-${d.key}`} className="text-lg font-semibold">{d.label}</h2>
            <div className="grid gap-4 lg:grid-cols-2">
              <MajoritySummary dimension={d} />
              <ErrorBoundCard dimension={d} />
            </div>
            <CoefficientTable dimension={d} />
            <div className="grid gap-4 lg:grid-cols-2">
              <CategoryDistributionChart dimension={d} />
              <PairwiseMatrix dimension={d} />
              <AgreementBreakdownChart dimension={d} by="chapter" />
              <AgreementBreakdownChart dimension={d} by="level" />
            </div>
            <DisagreementList dimension={d} itemHref={organizer ? (id) => `/audits/${auditId}/items/${id}` : undefined} />
            {outcome && <AdjudicatedCounts outcome={outcome.dimensions.find((o) => o.key === d.key)!} removed={outcome.removed} />}
          </section>
        ))}
        <section aria-labelledby="paragraph-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="paragraph-heading" className="text-sm font-semibold">Audit paragraph (for the appendix)</h2>
          <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-slate-800" data-testid="audit-paragraph">{paragraphWithAdjudication(report, adjudications)}</p>
        </section>
      </div>
    </>
  );
}
