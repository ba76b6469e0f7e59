import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Table, TBody, THead, Td, Th } from "@/components/ui/table";
import { PageHeader } from "@/components/ui/page-header";
import { PageLinks } from "@/components/ui/page-links";
import { pageLinks, pageOf, pageParam } from "@/components/data-table/search-params";
import { auditsToAdjudicate } from "@/lib/server/adjudication/access";
import { pageContext } from "@/lib/server/page";
import { nextUnrated, reviewQueue, type QueueStatus } from "@/lib/server/review/queue";
import { Card, CardTitle } from "@/components/ui/card";
import { PracticeFirst } from "@/components/calibration/practice-first";
import { queueClosed } from "@/lib/calibration/score";
import { raterGate } from "@/lib/server/calibration/gate";
import { buttonVariants } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("review.meta"))("queue") };
}

const STATUS: Record<QueueStatus, { key: "todo" | "inProgress" | "done"; tone: "neutral" | "warning" | "accent" }> = {
  todo: { key: "todo", tone: "neutral" },
  "in-progress": { key: "inProgress", tone: "warning" },
  done: { key: "done", tone: "accent" },
};

/** Rows of a queue per page: a full review's queue is 16,000 items long. */
const QUEUE_PAGE = 50;

export default async function ReviewPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { user, db } = await pageContext("review:rate");
  const search = await props.searchParams;

  const [audits, adjudicating, t, tc] = await Promise.all([
    reviewQueue(db, user.id),
    auditsToAdjudicate(db, user.id),
    getTranslations("review.queue"),
    getTranslations("review.case"),
  ]);
  // Practice first (calibration): an audit whose round waits for this rater shows that, not the queue.
  const gates = await Promise.all(audits.map((a) => (a.status === "OPEN" ? raterGate(db, user.id, a.id) : null)));
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      {adjudicating.length > 0 && (
        <Card as="section" aria-labelledby="adjudication-heading" padding="md" raised className="mb-8">
          <CardTitle id="adjudication-heading">{t("adjudication")}</CardTitle>
          <ul className="mt-2 space-y-1 text-sm">
            {adjudicating.map((a) => (
              <li key={a.id}>
                {t.rich("adjudicatorOf", {
                  name: a.name,
                  link: (chunks) => (
                    <Link href={`/audits/${a.id}/adjudicate`} className="text-teal-800 hover:underline">
                      {chunks}
                    </Link>
                  ),
                })}
              </li>
            ))}
          </ul>
        </Card>
      )}
      {audits.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">{t("empty")}</p>
      )}
      <div className="space-y-8">
        {audits.map((audit, index) => {
          const gate = gates[index];
          if (gate && queueClosed(gate)) return <PracticeFirst key={audit.id} auditId={audit.id} auditName={audit.name} state={gate} />;
          const done = audit.items.filter((i) => i.status === "done").length;
          const resume = [...audit.items]
            .filter((i) => i.lastActivityAt && i.status !== "done")
            .sort((a, b) => +b.lastActivityAt! - +a.lastActivityAt!)[0];
          const next = resume ?? nextUnrated(audit.items);
          const progress = t("progress", { done, total: audit.items.length });
          const param = `p_${audit.id}`;
          const shown = pageOf(audit.items, pageParam(search[param]), QUEUE_PAGE);
          const pager = (
            <PageLinks total={audit.items.length} page={shown.page} size={QUEUE_PAGE} href={pageLinks("/review", search, param)} />
          );
          return (
            <Card as="section" key={audit.id} aria-labelledby={`audit-${audit.id}`} padding="none" raised>
              <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-5 py-4">
                <CardTitle id={`audit-${audit.id}`}>{audit.name}</CardTitle>
                {audit.status === "CLOSED" && <Badge tone="warning">{t("closed")}</Badge>}
                <span className="text-sm text-slate-600" data-testid={`queue-progress-${audit.id}`}>
                  {progress}
                </span>
                <progress className="h-2 w-32" max={audit.items.length} value={done} aria-label={progress} />
                {next && audit.status === "OPEN" && (
                  <Link href={`/review/${next.assignmentId}`} className={buttonVariants({ className: "ml-auto" })}>
                    {t(resume ? "resume" : "nextUnrated", { order: next.position })}
                  </Link>
                )}
              </div>
              <div className="px-5">{pager}</div>
              <Table framed={false} caption={t("caption", { name: audit.name })}>
                <THead>
                  <tr>
                    <Th className="px-5 py-2">{t("columns.order")}</Th>
                    <Th className="px-5 py-2">{t("columns.item")}</Th>
                    <Th className="px-5 py-2">{t("columns.chapter")}</Th>
                    <Th className="px-5 py-2">{t("columns.level")}</Th>
                    <Th className="px-5 py-2">{t("columns.status")}</Th>
                  </tr>
                </THead>
                <TBody>
                  {shown.rows.map((i) => (
                    <tr key={i.assignmentId}>
                      <Td className="px-5 py-2 tabular-nums text-slate-500">{i.position}</Td>
                      <Td className="px-5 py-2">
                        <Link href={`/review/${i.assignmentId}`} className="font-medium text-teal-800 hover:underline">
                          {i.externalId}
                        </Link>
                      </Td>
                      <Td className="px-5 py-2">{i.chapter ?? "—"}</Td>
                      <Td className="px-5 py-2">
                        {i.level ?? "—"}
                        {i.decisionPoint !== null ? ` · ${tc("decisionPoint", { number: i.decisionPoint })}` : ""}
                      </Td>
                      <Td className="px-5 py-2">
                        <Badge tone={STATUS[i.status].tone}>{t(`status.${STATUS[i.status].key}`)}</Badge>
                      </Td>
                    </tr>
                  ))}
                </TBody>
              </Table>
              <div className="px-5">{pager}</div>
            </Card>
          );
        })}
      </div>
    </>
  );
}
