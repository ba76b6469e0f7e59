import type { Metadata } from "next";
import Link from "next/link";
import { forbidden, notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { db } from "@/lib/db";
import { requireUser } from "@/lib/server/auth/current-user";
import { adjudicationAccess } from "@/lib/server/adjudication/access";
import { correctedSummary } from "@/lib/server/adjudication/corrected-export";
import { adjudicationQueue } from "@/lib/server/adjudication/queue";

export const metadata: Metadata = { title: "Adjudication" };

const REASON = { disagreement: "raters disagree", flagged: "flagged (error or split category)", correction: "correction proposed" } as const;

export default async function AdjudicatePage(props: { params: Promise<{ auditId: string }> }) {
  const user = await requireUser();
  const { auditId } = await props.params;
  const access = await adjudicationAccess(db(), user, auditId);
  if (!access.ok && access.reason === "not-found") notFound();
  if (!access.ok) forbidden();
  const [{ audit, rows }, corrected] = await Promise.all([adjudicationQueue(db(), auditId), correctedSummary(db(), auditId)]);
  const done = rows.filter((r) => r.adjudicated).length;
  return (
    <>
      <p className="mb-2 text-sm"><Link href={access.organizer ? `/audits/${auditId}` : "/review"} className="text-teal-800 hover:underline">← {access.organizer ? audit.name : "My reviews"}</Link></p>
      <PageHeader
        title={`Adjudication · ${audit.name}`}
        description={`${rows.length} items need a final word (disagreement, a flagged rating, or a proposed correction); ${done} adjudicated.${audit.status === "OPEN" ? " The audit is open: only items every rater has finished can be adjudicated." : ""}`}
      />
      <section aria-labelledby="corrected-heading" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="corrected-heading" className="text-sm font-semibold">Corrected benchmark</h2>
        <p className="mt-1 text-sm text-slate-600">{corrected ? `${corrected.changes} accepted change(s), ${corrected.removed} item(s) removed; the same format as imported.` : "Unavailable."}</p>
        <ul className="mt-2 flex flex-wrap gap-2 text-sm">
          {corrected?.files.map((name) => (
            <li key={name}><a className="inline-block rounded-md border border-slate-300 px-2.5 py-1 hover:bg-slate-100" href={`/api/audits/${auditId}/corrected/${name}`} download>{name}</a></li>
          ))}
        </ul>
      </section>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">Nothing to adjudicate: every item was rated unanimously, with no flags and no corrections.</p>
      ) : (
        <table className="w-full rounded-lg bg-white text-sm shadow-sm" data-testid="adjudication-queue">
          <caption className="sr-only">Items to adjudicate</caption>
          <thead className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr><th scope="col" className="px-4 py-2">#</th><th scope="col" className="px-4 py-2">Item</th><th scope="col" className="px-4 py-2">Why</th><th scope="col" className="px-4 py-2">Status</th></tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.auditItemId}>
                <td className="px-4 py-2 tabular-nums text-slate-500">{r.sampleOrder}</td>
                <td className="px-4 py-2"><Link href={`/audits/${auditId}/adjudicate/${r.auditItemId}`} className="font-medium text-teal-800 hover:underline">{r.externalId}</Link> <span className="text-slate-500">{r.chapter}</span></td>
                <td className="px-4 py-2">{r.reasons.map((x) => REASON[x]).join("; ")}</td>
                <td className="px-4 py-2">
                  {r.adjudicated ? <Badge tone="accent">{r.removed ? "Adjudicated · removed" : "Adjudicated ✓"}</Badge> : r.complete || audit.status === "CLOSED" ? <Badge>To do</Badge> : <Badge tone="warning">Raters not finished</Badge>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
