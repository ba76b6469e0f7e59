import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "@/lib/i18n/server";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TBody, THead, Td, Th } from "@/components/ui/table";
import { PageHeader } from "@/components/ui/page-header";
import { PageLinks } from "@/components/ui/page-links";
import { pageLinks, pageOf, pageParam } from "@/components/data-table/search-params";
import { orRefusal, pageContext } from "@/lib/server/page";
import { CorrectedDownloads } from "@/components/adjudication/corrected-downloads";
import { loadAdjudicationList } from "@/lib/server/adjudication/load-pages";
import { RevisionSummaryTable } from "@/components/adjudication/revision-summary-table";
import { Card, CardTitle } from "@/components/ui/card";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adjudication.queue"))("title") };
}

/** Rows a page: a full review can need thousands of items adjudicated. */
const ROWS_PAGE = 50;

export default async function AdjudicatePage(props: {
  params: Promise<{ auditId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await pageContext();
  const { auditId } = await props.params;
  const search = await props.searchParams;
  const [{ organizer, audit, rows, corrected, revisions }, t, tc] = await Promise.all([
    orRefusal(loadAdjudicationList(ctx, auditId)),
    getTranslations("adjudication.queue"),
    getTranslations("common"),
  ]);
  const done = rows.filter((r) => r.adjudicated).length;
  const shown = pageOf(rows, pageParam(search.page), ROWS_PAGE);
  const pager = (
    <PageLinks total={rows.length} page={shown.page} size={ROWS_PAGE} href={pageLinks(`/audits/${auditId}/adjudicate`, search, "page")} />
  );
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href={organizer ? `/audits/${auditId}` : "/review"} className="text-teal-800 hover:underline">
          {t("back", { label: organizer ? audit.name : tc("nav.review") })}
        </Link>
      </p>
      <PageHeader
        title={t("heading", { name: audit.name })}
        description={`${t("description", { count: rows.length, done })}${audit.status === "OPEN" ? t("openNote") : ""}`}
      />
      <Card as="section" aria-labelledby="corrected-heading" raised className="mb-6">
        <CardTitle id="corrected-heading">{t("corrected")}</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          {corrected ? t("correctedSummary", { changes: corrected.changes, removed: corrected.removed }) : t("unavailable")}
        </p>
        {!organizer && <p className="mt-1 text-sm text-slate-600">{t("changeLogOnly")}</p>}
        {corrected && <CorrectedDownloads auditId={auditId} initial={corrected} />}
      </Card>
      {revisions && <RevisionSummaryTable revisions={revisions} />}
      {rows.length === 0 ? (
        <EmptyState>{t("empty")}</EmptyState>
      ) : (
        <>
          {pager}
          <Table caption={t("caption")} data-testid="adjudication-queue">
            <THead>
              <tr>
                <Th className="py-2">#</Th>
                <Th className="py-2">{t("item")}</Th>
                <Th className="py-2">{t("why")}</Th>
                <Th className="py-2">{t("status")}</Th>
              </tr>
            </THead>
            <TBody>
              {shown.rows.map((r) => (
                <tr key={r.auditItemId}>
                  <Td className="py-2 tabular-nums text-slate-500">{r.sampleOrder}</Td>
                  <Td className="py-2">
                    {/* A plain link: 50 client-side Links (each prefetched when in view) were a good part of this page's render. */}
                    <a href={`/audits/${auditId}/adjudicate/${r.auditItemId}`} className="font-medium text-teal-800 hover:underline">
                      {r.externalId}
                    </a>{" "}
                    <span className="text-slate-500">{r.chapter}</span>
                  </Td>
                  <Td className="py-2">{r.reasons.map((x) => t(`reason.${x}`)).join(t("reasonSeparator"))}</Td>
                  <Td className="py-2">
                    {r.adjudicated ? (
                      <Badge tone="accent">{r.removed ? t("adjudicatedRemoved") : t("adjudicated")}</Badge>
                    ) : r.complete || audit.status === "CLOSED" ? (
                      <Badge>{t("toDo")}</Badge>
                    ) : (
                      <Badge tone="warning">{t("notFinished")}</Badge>
                    )}
                  </Td>
                </tr>
              ))}
            </TBody>
          </Table>
          {pager}
        </>
      )}
    </>
  );
}
