import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "@/lib/i18n/server";
import {
  AgreementBreakdownChart,
  CategoryDistributionChart,
  CoefficientTable,
  DisagreementList,
  MajoritySummary,
  PairwiseMatrix,
} from "@/components/dashboard";
import { AdjudicatedCounts } from "@/components/dashboard/adjudicated-counts";
import { AgreementOverTimeChart } from "@/components/dashboard/agreement-over-time-chart";
import { CalibrationCard } from "@/components/dashboard/calibration-card";
import { DriftPrompt } from "@/components/dashboard/drift-prompt";
import { RaterFatigueTable } from "@/components/dashboard/rater-fatigue-table";
import { RaterQualityTable } from "@/components/dashboard/rater-quality-table";
import { splitRatingKey } from "@/lib/audits/item-dimensions";
import { COMMENT_PARAMS, CommentsTable } from "@/components/dashboard/comments-table";
import { ErrorBoundCard } from "@/components/dashboard/error-bound-card";
import { LatentClassCard } from "@/components/dashboard/latent-class-card";
import { LiveRefresh } from "@/components/dashboard/live-refresh";
import { localizeReport } from "@/components/dashboard/localize-report";
import { PrintButton } from "@/components/dashboard/print-button";
import { TurnLinks } from "@/components/dashboard/turn-links";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { pageLinks, pageParam, paramLinks } from "@/components/data-table/search-params";
import { shownUnder, turnView } from "@/lib/reports/turn-view";
import { can } from "@/lib/auth/permissions";
import { adjudicatedOutcome } from "@/lib/adjudication/outcome";
import { orRefusal, pageContext } from "@/lib/server/page";
import { auditRubric } from "@/lib/server/audits/queries";
import { keptAuditComments } from "@/lib/server/reports/audit-comments";
import { authorizeResults } from "@/lib/server/reports/dashboard-access";
import { ownRaterQuality } from "@/lib/server/reports/own-rater-quality";
import { dashboardReport, keptProgress } from "@/lib/server/reports/kept-report";
import { dashboardLatentClass } from "@/lib/server/reports/dashboard-latent";
import { loadAdjudications } from "@/lib/server/adjudication/records";
import { acceptedRevisions } from "@/lib/server/adjudication/revisions";
import { EXPORT_LABEL_KEYS, isLabelledExport } from "@/components/dashboard/export-labels";
import { auditParagraph, exportCatalog, type ExportFile } from "@/lib/server/reports/export-files";
import { Card } from "@/components/ui/card";
import { buttonVariants } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("dashboard.page"))("title") };
}

export default async function DashboardPage(props: {
  params: Promise<{ auditId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { user, db } = await pageContext();
  const { auditId } = await props.params;
  const search = await props.searchParams;

  await orRefusal(authorizeResults(db, user, auditId));
  const organizer = can(user.role, "audits:manage");
  // Kept per version of its inputs; the version is read first, so a rating saved while the
  // snapshot loads makes the next poll refresh. While a newer report is computed, the one before
  // is shown, marked (dashboardReport).
  const { kept: shownKept, current } = (await dashboardReport(db, auditId))!;
  const { version, head, report: kept, computedAt } = shownKept;
  // Latent-class estimates say how each rater tends to answer: organizers and admins only (with the
  // time left of an interval being computed); for a clinician they are gone before anything is rendered.
  const { report, remainingMs, waiting } = await dashboardLatentClass(db, user, auditId, kept);
  const [progress, adjudications, revisions, rubric, locale, t, tc, comments] = await Promise.all([
    keptProgress(db, auditId, version, { orLatest: !current }),
    loadAdjudications(db, auditId),
    acceptedRevisions(db, auditId),
    auditRubric(db, auditId),
    getLocale(),
    getTranslations("dashboard"),
    getTranslations("common"),
    // Other raters' text: organizers and admins only (a clinician sees the shared numbers).
    organizer ? keptAuditComments(db, head, version, { orLatest: !current }) : Promise.resolve([]),
  ]);
  // What the page shows: labels in the reader's language. The exports and the paragraph keep `report`.
  const shown = rubric ? localizeReport(report, rubric, locale) : report;
  // Once for the cards and the paragraph (the counts do not depend on the labels' language).
  const outcome = adjudications.length ? adjudicatedOutcome(shown, adjudications) : null;
  const open = head.audit.status === "OPEN";
  // A conversation audit's per-turn figures, one turn at a time (lib/reports/turn-view.ts).
  const turns = turnView(
    shown.dimensions.map((d) => d.key),
    search.turn,
  );
  const turnHref = paramLinks(`/audits/${auditId}/dashboard`, search, "turn");
  // Agreement over time and per rater: organizers and admins only (who rated what, and when).
  const overTime = organizer ? (report.agreementOverTime ?? null) : null;
  // Each rater's quality: organizers and admins every row; a clinician (here only once the audit is
  // closed and its results shared) their own row, loaded through its own check.
  const quality = organizer ? (report.raterQuality ?? null) : await ownRaterQuality(db, user, auditId);
  const overTimeHref = (key: string) => {
    const turn = splitRatingKey(key).turnOrder;
    const here = shownUnder(turns, key) || turn === null;
    return `${here ? "" : turnHref(turn === turns.turns[0] ? null : String(turn))}#over-time-${key}`;
  };
  const exportLabel = (e: ExportFile) => {
    if (isLabelledExport(e.file)) return t(`exportFile.${EXPORT_LABEL_KEYS[e.file]}`);
    const wide = shown.dimensions.find((d) => e.file === `ratings-wide-${d.key}.csv`);
    return wide ? t("exportFile.ratingsWide", { dimension: wide.label }) : e.label;
  };
  return (
    <>
      <p className="mb-2 text-sm print:hidden">
        <Link href={organizer ? `/audits/${auditId}` : "/review"} className="text-teal-800 hover:underline">
          {t("page.back", { label: organizer ? head.audit.name : tc("nav.review") })}
        </Link>
      </p>
      <PageHeader
        title={t("page.heading", { name: head.audit.name })}
        description={
          <>
            <Badge tone={open ? "accent" : "neutral"}>{t(`status.${head.audit.status}`)}</Badge>{" "}
            {t("page.summary", {
              items: head.itemCount,
              raters: head.raters.length,
              done: progress?.done ?? 0,
              assigned: progress?.assigned ?? 0,
            })}
            {open && organizer && (
              <>
                {" "}
                · <LiveRefresh auditId={auditId} version={version} computedAt={computedAt} current={current} />
              </>
            )}
          </>
        }
        actions={<PrintButton />}
      />
      {organizer && (
        <Card as="section" aria-labelledby="exports-heading" raised className="mb-6 print:hidden">
          <h2 id="exports-heading" className="text-sm font-semibold">
            {t("page.exports")}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2 text-sm">
            {exportCatalog(head).map((e) => (
              <li key={e.file}>
                <a
                  className={buttonVariants({ variant: "secondary", size: "sm", className: "font-normal" })}
                  href={`/api/audits/${auditId}/export/${e.file}`}
                  download
                >
                  {exportLabel(e)}
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-3 max-w-3xl text-sm text-slate-600">
            <a
              className={buttonVariants({ variant: "secondary", size: "sm", className: "mr-2 border-accent text-accent hover:bg-teal-50" })}
              href={`/api/audits/${auditId}/package`}
              download
            >
              {t("package.download")}
            </a>
            {t("package.lead")}
          </p>
        </Card>
      )}
      {overTime && (
        <DriftPrompt
          overTime={overTime}
          labels={new Map(shown.dimensions.map((d) => [d.key, d.label]))}
          href={overTimeHref}
          recalibrateHref={organizer && open ? `/audits/${auditId}#calibration` : null}
        />
      )}
      <div className="space-y-10">
        {/* Each rater's practice against the key: organizers and admins only. */}
        {organizer && report.calibration && <CalibrationCard calibration={report.calibration} raters={report.audit.raters} />}
        <TurnLinks view={turns} href={(choice) => turnHref(choice === turns.turns[0] ? null : String(choice))} />
        {shown.dimensions
          .filter((d) => shownUnder(turns, d.key))
          .map((d) => (
            <section key={d.key} aria-labelledby={`dim-${d.key}`} className="space-y-4" data-testid={`dimension-${d.key}`}>
              <h2 id={`dim-${d.key}`} className="text-lg font-semibold">
                {d.label}
              </h2>
              <div className="grid gap-4 lg:grid-cols-2">
                <MajoritySummary dimension={d} />
                <ErrorBoundCard dimension={d} />
              </div>
              {organizer && (
                <LatentClassCard
                  dimension={d}
                  itemHref={(id) => `/audits/${auditId}/items/${id}`}
                  remainingMs={remainingMs[d.key]}
                  waiting={waiting.includes(d.key)}
                />
              )}
              <CoefficientTable dimension={d} />
              {overTime?.dimensions
                .filter((o) => o.key === d.key)
                .map((o) => (
                  <div key={o.key} id={`over-time-${o.key}`} className="scroll-mt-4 space-y-4">
                    <AgreementOverTimeChart label={d.label} overTime={o} confidenceLevel={d.agreement.options.confidenceLevel} />
                    <RaterFatigueTable label={d.label} overTime={o} />
                  </div>
                ))}
              {quality?.dimensions
                .filter((q) => q.key === d.key)
                .map((q) => (
                  <RaterQualityTable
                    key={q.key}
                    label={d.label}
                    dimension={q}
                    method={quality.method}
                    time={quality.time}
                    pairwise={d.pairwise}
                    own={!organizer}
                  />
                ))}
              <div className="grid gap-4 lg:grid-cols-2">
                <CategoryDistributionChart dimension={d} />
                <PairwiseMatrix dimension={d} />
                <AgreementBreakdownChart dimension={d} by="chapter" />
                <AgreementBreakdownChart dimension={d} by="level" />
              </div>
              <DisagreementList
                dimension={d}
                itemHref={organizer ? (id) => `/audits/${auditId}/items/${id}` : undefined}
                page={pageParam(search[`d_${d.key}`])}
                pageHref={pageLinks(`/audits/${auditId}/dashboard`, search, `d_${d.key}`, `#dim-${d.key}`)}
              />
              {outcome && <AdjudicatedCounts outcome={outcome.dimensions.find((o) => o.key === d.key)!} removed={outcome.removed} />}
            </section>
          ))}
        {organizer && (
          <CommentsTable
            rows={comments}
            dimensions={shown.dimensions.map((d) => ({ key: d.key, label: d.label, categories: d.categories }))}
            itemPath={`/audits/${auditId}/items/`}
            path={`/audits/${auditId}/dashboard`}
            search={search}
            pageHref={pageLinks(`/audits/${auditId}/dashboard`, search, COMMENT_PARAMS.page, "#comments-heading")}
          />
        )}
        <Card as="section" aria-labelledby="paragraph-heading" padding="md" raised>
          <h2 id="paragraph-heading" className="text-sm font-semibold">
            {t("page.paragraph")}
          </h2>
          <p lang="en" className="mt-2 whitespace-pre-line text-sm leading-relaxed text-slate-800" data-testid="audit-paragraph">
            {auditParagraph(report, { outcome, revisions: revisions ?? undefined })}
          </p>
        </Card>
      </div>
    </>
  );
}
