import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { db } from "@/lib/db";
import { requirePermission } from "@/lib/server/auth/current-user";
import { nextUnrated, reviewQueue, type QueueStatus } from "@/lib/server/review/queue";

export const metadata: Metadata = { title: "My reviews" };

const STATUS: Record<QueueStatus, { label: string; tone: "neutral" | "warning" | "accent" }> = {
  todo: { label: "To do", tone: "neutral" },
  "in-progress": { label: "In progress", tone: "warning" },
  done: { label: "Done ✓", tone: "accent" },
};

export default async function ReviewPage() {
  const user = await requirePermission("review:rate");
  const [audits, adjudicating] = await Promise.all([
    reviewQueue(db(), user.id),
    db().audit.findMany({ where: { adjudicatorId: user.id, status: "CLOSED" }, select: { id: true, name: true } }),
  ]);
  return (
    <>
      <PageHeader title="My reviews" description="Items assigned to you. Your ratings are yours alone until the audit closes; they save as you go." />
      {adjudicating.length > 0 && (
        <section aria-labelledby="adjudication-heading" className="mb-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="adjudication-heading" className="text-base font-semibold">Adjudication</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {adjudicating.map((a) => <li key={a.id}><Link href={`/audits/${a.id}/adjudicate`} className="text-teal-800 hover:underline">{a.name}</Link> — you are its adjudicator</li>)}
          </ul>
        </section>
      )}
      {audits.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">No audits have been assigned to you yet.</p>
      )}
      <div className="space-y-8">
        {audits.map((audit) => {
          const done = audit.items.filter((i) => i.status === "done").length;
          const resume = [...audit.items].filter((i) => i.lastActivityAt && i.status !== "done").sort((a, b) => +b.lastActivityAt! - +a.lastActivityAt!)[0];
          const next = resume ?? nextUnrated(audit.items);
          return (
            <section key={audit.id} aria-labelledby={`audit-${audit.id}`} className="rounded-lg border border-slate-200 bg-white shadow-sm">
              <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-5 py-4">
                <h2 id={`audit-${audit.id}`} className="text-base font-semibold">{audit.name}</h2>
                {audit.status === "CLOSED" && <Badge tone="warning">Closed</Badge>}
                <span className="text-sm text-slate-600" data-testid={`queue-progress-${audit.id}`}>{done} of {audit.items.length} done</span>
                <progress className="h-2 w-32" max={audit.items.length} value={done} aria-label={`${done} of ${audit.items.length} done`} />
                {next && audit.status === "OPEN" && (
                  <Link href={`/review/${next.assignmentId}`} className="ml-auto rounded-md bg-accent px-4 py-2 text-sm font-medium text-white hover:bg-accent-strong">
                    {resume ? "Resume" : "Next unrated"} · item {next.sampleOrder}
                  </Link>
                )}
              </div>
              <table className="w-full text-sm">
                <caption className="sr-only">Items of {audit.name}</caption>
                <thead className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-5 py-2">#</th>
                    <th scope="col" className="px-5 py-2">Item</th>
                    <th scope="col" className="px-5 py-2">Chapter</th>
                    <th scope="col" className="px-5 py-2">Level</th>
                    <th scope="col" className="px-5 py-2">Status</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {audit.items.map((i) => (
                    <tr key={i.assignmentId}>
                      <td className="px-5 py-2 tabular-nums text-slate-500">{i.sampleOrder}</td>
                      <td className="px-5 py-2"><Link href={`/review/${i.assignmentId}`} className="font-medium text-teal-800 hover:underline">{i.externalId}</Link></td>
                      <td className="px-5 py-2">{i.chapter ?? "—"}</td>
                      <td className="px-5 py-2">{i.level ?? "—"}{i.decisionPoint !== null ? ` · DP${i.decisionPoint}` : ""}</td>
                      <td className="px-5 py-2"><Badge tone={STATUS[i.status].tone}>{STATUS[i.status].label}</Badge></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          );
        })}
      </div>
    </>
  );
}
