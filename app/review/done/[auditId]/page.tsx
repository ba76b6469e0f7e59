import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "@/lib/i18n/server";
import { pageLinks } from "@/components/data-table/search-params";
import { ReleaseHeldKeys } from "@/components/rubric/release-held-keys";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { PageLinks } from "@/components/ui/page-links";
import { pageContext } from "@/lib/server/page";
import type { QueueItem } from "@/lib/server/review/queue";
import { LINKS_PAGE, queueEndPages } from "@/components/case/queue-end-pages";
import { queueEnd } from "@/lib/server/review/queue-end";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("review.done"))("meta") };
}

/** Where "n" leads once no item of the rater's queue is left to rate: what is done, what to revisit. */
export default async function QueueEndPage(props: {
  params: Promise<{ auditId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { user, db } = await pageContext("review:rate");
  const { auditId } = await props.params;
  const search = await props.searchParams;
  const [end, t] = await Promise.all([queueEnd(db, user.id, auditId), getTranslations("review.done")]);
  if (!end) notFound();
  const finished = end.unrated.length === 0;
  const lists = queueEndPages(end, search);
  return (
    <>
      <ReleaseHeldKeys />
      <PageHeader
        title={t(finished ? "allDone" : "almostDone")}
        description={t("summary", { done: end.done, total: end.total, audit: end.audit.name })}
      />
      <div className="max-w-2xl space-y-4">
        {lists.map(
          ({ key, items, shown }) =>
            items.length > 0 && (
              <Card as="section" key={key} aria-labelledby={`left-${key}-heading`} padding="md" data-testid={`left-${key}`}>
                <CardTitle id={`left-${key}-heading`}>{t(`${key}.heading`, { count: items.length })}</CardTitle>
                <p className="mt-1 text-sm text-slate-600">{t(`${key}.hint`)}</p>
                <ItemLinks items={shown.rows} label={(i) => t("item", { position: i.position, id: i.externalId })} />
                <PageLinks
                  total={items.length}
                  page={shown.page}
                  size={LINKS_PAGE}
                  href={pageLinks(`/review/done/${auditId}`, search, key, `#left-${key}-heading`)}
                />
              </Card>
            ),
        )}
        {finished && end.flagged.length + end.commented.length === 0 && <p className="text-sm text-slate-700">{t("nothingLeft")}</p>}
        {end.audit.status === "OPEN" && <p className="text-sm text-slate-600">{t("changeable")}</p>}
        <Link href="/review" className={buttonVariants()}>
          {t("back")}
        </Link>
      </div>
    </>
  );
}

function ItemLinks({ items, label }: { items: QueueItem[]; label: (item: QueueItem) => string }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {items.map((i) => (
        <li key={i.assignmentId}>
          <Link href={`/review/${i.assignmentId}`} className="font-medium text-teal-800 hover:underline">
            {label(i)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
