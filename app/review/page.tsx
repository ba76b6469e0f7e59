import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "@/lib/i18n/server";
import { Badge } from "@/components/ui/badge";
import { Table, TBody, THead, Td, Th } from "@/components/ui/table";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/empty-state";
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
import { QueueFilterForm } from "@/components/review-queue/queue-filter-form";
import { localizeRubric, parseRubric } from "@/lib/audits/rubric";
import { filterQueue, isFiltered, parseQueueFilter, queueChapters, queueFilterParams } from "@/lib/review/queue-filter";
import { myAnswers } from "@/lib/server/review/my-answers";

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

  const [audits, adjudicating, t, tc, locale] = await Promise.all([
    reviewQueue(db, user.id),
    auditsToAdjudicate(db, user.id),
    getTranslations("review.queue"),
    getTranslations("review.case"),
    getLocale(),
  ]);
  // Each audit's rows as filtered and paged: the kept queue filtered in memory, the rater's
  // answers read only for the rows of the page shown in "my ratings".
  const views = await Promise.all(
    audits.map(async (audit) => {
      const filter = parseQueueFilter(search, audit.id);
      const rows = filterQueue(audit.items, filter);
      const shown = pageOf(rows, pageParam(search[`p_${audit.id}`]), QUEUE_PAGE);
      const answers =
        filter.show === "rated"
          ? await myAnswers(
              db,
              user.id,
              localizeRubric(parseRubric(audit.rubric), locale),
              shown.rows.map((r) => r.assignmentId),
            )
          : null;
      return { filter, rows, shown, answers };
    }),
  );
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
      {audits.length === 0 && <EmptyState>{t("empty")}</EmptyState>}
      <div className="space-y-8">
        {audits.map((audit, k) => {
          const gate = gates[k];
          if (gate && queueClosed(gate)) return <PracticeFirst key={audit.id} auditId={audit.id} auditName={audit.name} state={gate} />;
          const { filter, rows, shown, answers } = views[k]!;
          const done = audit.items.filter((i) => i.status === "done").length;
          const resume = [...audit.items]
            .filter((i) => i.lastActivityAt && i.status !== "done")
            .sort((a, b) => +b.lastActivityAt! - +a.lastActivityAt!)[0];
          const next = resume ?? nextUnrated(audit.items);
          const progress = t("progress", { done, total: audit.items.length });
          const param = `p_${audit.id}`;
          const pager = <PageLinks total={rows.length} page={shown.page} size={QUEUE_PAGE} href={pageLinks("/review", search, param)} />;
          const mine = queueFilterParams(audit.id);
          return (
            <Card as="section" key={audit.id} aria-labelledby={`audit-${audit.id}`} padding="none" raised>
              <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-5 py-4">
                <CardTitle id={`audit-${audit.id}`}>{audit.name}</CardTitle>
                {audit.status === "CLOSED" && <Badge tone="warning">{t("closed")}</Badge>}
                <span className="text-sm text-slate-600" data-testid={`queue-progress-${audit.id}`}>
                  {progress}
                </span>
                <progress className="h-2 w-32" max={audit.items.length} value={done} aria-label={progress} />
                <Link
                  href={`/review?${new URLSearchParams({ [mine.show]: "rated" })}`}
                  className="text-sm text-teal-800 hover:underline"
                  aria-current={filter.show === "rated" && !filter.chapter && !filter.patient ? "page" : undefined}
                >
                  {t("myRatings")}
                </Link>
                {next && audit.status === "OPEN" && (
                  <Link href={`/review/${next.assignmentId}`} className={buttonVariants({ className: "ml-auto" })}>
                    {t(resume ? "resume" : "nextUnrated", { order: next.position })}
                  </Link>
                )}
              </div>
              <div className="space-y-2 border-b border-slate-100 px-5 py-3">
                <QueueFilterForm auditId={audit.id} filter={filter} chapters={queueChapters(audit.items)} search={search} />
                {isFiltered(filter) && (
                  <p role="status" className="text-sm text-slate-600" data-testid={`queue-shown-${audit.id}`}>
                    {t("filter.shown", { shown: rows.length, total: audit.items.length })}
                    {filter.show === "rated" && audit.status === "OPEN" ? ` ${t("filter.changeHint")}` : ""}
                  </p>
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
                    {answers && <Th className="px-5 py-2">{t("columns.myAnswers")}</Th>}
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
                        {i.flagged && <span className="ml-2 text-xs text-amber-800">{t("filter.flagged")}</span>}
                        {i.commented && <span className="ml-2 text-xs text-slate-600">{t("filter.commented")}</span>}
                      </Td>
                      {answers && (
                        <Td className="px-5 py-2 text-sm">
                          <ul>
                            {(answers.get(i.assignmentId) ?? []).map((a) => (
                              <li key={`${a.dimension}@${a.turnOrder}`}>
                                {a.turnOrder !== null ? t("filter.onTurn", { turn: a.turnOrder, dimension: a.dimension }) : a.dimension}:{" "}
                                <span className="font-medium">{a.category}</span>
                              </li>
                            ))}
                          </ul>
                        </Td>
                      )}
                    </tr>
                  ))}
                  {rows.length === 0 && (
                    <tr>
                      <Td colSpan={answers ? 6 : 5} className="px-5 py-6 text-center text-sm text-slate-600">
                        {t("filter.none")}
                      </Td>
                    </tr>
                  )}
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
