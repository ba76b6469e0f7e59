import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { auditsToAdjudicate } from "@/lib/server/adjudication/access";
import { pageContext } from "@/lib/server/page";
import { nextUnrated, reviewQueue, type QueueStatus } from "@/lib/server/review/queue";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("review.meta"))("queue") };
}

const STATUS: Record<QueueStatus, { key: "todo" | "inProgress" | "done"; tone: "neutral" | "warning" | "accent" }> = {
  todo: { key: "todo", tone: "neutral" },
  "in-progress": { key: "inProgress", tone: "warning" },
  done: { key: "done", tone: "accent" },
};

export default async function ReviewPage() {
  const { user, db } = await pageContext("review:rate");
  const [audits, adjudicating, t, tc] = await Promise.all([
    reviewQueue(db, user.id),
    auditsToAdjudicate(db, user.id),
    getTranslations("review.queue"),
    getTranslations("review.case"),
  ]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      {adjudicating.length > 0 && (
        <section aria-labelledby="adjudication-heading" className="mb-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="adjudication-heading" className="text-base font-semibold">{t("adjudication")}</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {adjudicating.map((a) => (
              <li key={a.id}>
                {t.rich("adjudicatorOf", {
                  name: a.name,
                  link: (chunks) => <Link href={`/audits/${a.id}/adjudicate`} className="text-teal-800 hover:underline">{chunks}</Link>,
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {audits.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">{t("empty")}</p>
      )}
      <div className="space-y-8">
        {audits.map((audit) => {
          const done = audit.items.filter((i) => i.status === "done").length;
          const resume = [...audit.items].filter((i) => i.lastActivityAt && i.status !== "done").sort((a, b) => +b.lastActivityAt! - +a.lastActivityAt!)[0];
          const next = resume ?? nextUnrated(audit.items);
          const progress = t("progress", { done, total: audit.items.length });
          return (
            <section key={audit.id} aria-labelledby={`audit-${audit.id}`} className="rounded-lg border border-slate-200 bg-white shadow-sm">
              <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-5 py-4">
                <h2 id={`audit-${audit.id}`} className="text-base font-semibold">{audit.name}</h2>
                {audit.status === "CLOSED" && <Badge tone="warning">{t("closed")}</Badge>}
                <span className="text-sm text-slate-600" data-testid={`queue-progress-${audit.id}`}>{progress}</span>
                <progress className="h-2 w-32" max={audit.items.length} value={done} aria-label={progress} />
                {next && audit.status === "OPEN" && (
                  <Link href={`/review/${next.assignmentId}`} className="ml-auto rounded-md bg-accent px-4 py-2 text-sm font-medium text-white hover:bg-accent-strong">
                    {t(resume ? "resume" : "nextUnrated", { order: next.position })}
                  </Link>
                )}
              </div>
              <table className="w-full text-sm">
                <caption className="sr-only">{t("caption", { name: audit.name })}</caption>
                <thead className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-5 py-2">{t("columns.order")}</th>
                    <th scope="col" className="px-5 py-2">{t("columns.item")}</th>
                    <th scope="col" className="px-5 py-2">{t("columns.chapter")}</th>
                    <th scope="col" className="px-5 py-2">{t("columns.level")}</th>
                    <th scope="col" className="px-5 py-2">{t("columns.status")}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {audit.items.map((i) => (
                    <tr key={i.assignmentId}>
                      <td className="px-5 py-2 tabular-nums text-slate-500">{i.position}</td>
                      <td className="px-5 py-2"><Link href={`/review/${i.assignmentId}`} className="font-medium text-teal-800 hover:underline">{i.externalId}</Link></td>
                      <td className="px-5 py-2">{i.chapter ?? "—"}</td>
                      <td className="px-5 py-2">{i.level ?? "—"}{i.decisionPoint !== null ? ` · ${tc("decisionPoint", { number: i.decisionPoint })}` : ""}</td>
                      <td className="px-5 py-2"><Badge tone={STATUS[i.status].tone}>{t(`status.${STATUS[i.status].key}`)}</Badge></td>
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
