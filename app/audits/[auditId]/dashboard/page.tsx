import type { Metadata } from "next";
import { after } from "next/server";
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
import { pageLinks, pageParam, paramLinks, searchHref } from "@/components/data-table/search-params";
import { ViewLinks } from "@/components/dashboard/view-links";
import { DASHBOARD_PARTS, dashboardView, shows, viewParam } from "@/lib/reports/dashboard-view";
import { shownUnder, turnView } from "@/lib/reports/turn-view";
import { relabelOutcome } from "@/lib/adjudication/outcome";
import { orRefusal, pageContext } from "@/lib/server/page";
import { loadDashboard } from "@/lib/server/reports/load-dashboard";
import { EXPORT_LABEL_KEYS, isLabelledExport } from "@/components/dashboard/export-labels";
import type { ExportFile } from "@/lib/server/reports/export-files";
import { Card } from "@/components/ui/card";
import { buttonVariants } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("dashboard.page"))("title") };
}

export default async function DashboardPage(props: {
  params: Promise<{ auditId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { auditId } = await props.params;
  const search = await props.searchParams;
  // Only what this user may see (lib/server/reports/load-dashboard.ts): a clinician's has no
  // latent-class estimates, agreement over time, other raters' rows, comments or downloads.
  const ctx = await pageContext();
  const [dashboard, locale, t, tc] = await Promise.all([
    // A report computed anew that the page does not wait for starts once the page is sent, so
    // that the report thread does not compete with this render (lib/server/reports/kept-report.ts).
    orRefusal(loadDashboard(ctx, auditId, { later: after })),
    getLocale(),
    getTranslations("dashboard"),
    getTranslations("common"),
  ]);
  const { organizer, audit, report, rubric, version, current, computedAt, overTime, quality } = dashboard;
  // What the page shows: labels in the reader's language. The exports and the paragraph keep `report`.
  const shown = rubric ? localizeReport(report, rubric, locale) : report;
  const outcome = dashboard.outcome && relabelOutcome(dashboard.outcome, shown);
  const open = audit.status === "OPEN";
  // A conversation audit's per-turn figures, one turn at a time (lib/reports/turn-view.ts).
  const turns = turnView(
    shown.dimensions.map((d) => d.key),
    search.turn,
  );
  const path = `/audits/${auditId}/dashboard`;
  const turnHref = paramLinks(path, search, "turn");
  // One part of the dashboard at a time (lib/reports/dashboard-view.ts); a part with nothing in it is not offered.
  const grouped = shown.dimensions.some((d) => d.byChapter.length > 0 || d.byLevel.length > 0);
  const parts = DASHBOARD_PARTS.filter((part) => (part === "over-time" ? overTime !== null : part !== "subgroups" || grouped));
  const view = dashboardView(search.view, parts);
  const viewHref = paramLinks(path, search, "view");
  // The timelines have their own part, and a per-turn dimension's is on its turn's view.
  const overTimeHref = (key: string) => {
    const turn = splitRatingKey(key).turnOrder;
    const here = shownUnder(turns, key) || turn === null;
    const changes: Record<string, string | null> = { view: view === "all" ? "all" : "over-time" };
    if (!here) changes.turn = turn === turns.turns[0] ? null : String(turn);
    return searchHref(path, search, changes, `#over-time-${key}`);
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
          {t("page.back", { label: organizer ? audit.name : tc("nav.review") })}
        </Link>
      </p>
      <PageHeader
        title={t("page.heading", { name: audit.name })}
        description={
          <>
            <Badge tone={open ? "accent" : "neutral"}>{t(`status.${audit.status}`)}</Badge>{" "}
            {t("page.summary", {
              items: dashboard.itemCount,
              raters: dashboard.raterCount,
              done: dashboard.progress.done,
              assigned: dashboard.progress.assigned,
            })}
            {open && organizer && (
              <>
                {" "}
                · <LiveRefresh auditId={auditId} version={version} computedAt={computedAt} current={current} />
              </>
            )}
          </>
        }
        actions={<PrintButton everyPart={view === "all" ? null : viewHref("all")} />}
      />
      <ViewLinks parts={parts} view={view} href={(choice) => viewHref(viewParam(choice))} />
      {organizer && shows(view, "summary") && (
        <Card as="section" aria-labelledby="exports-heading" raised className="mb-6 print:hidden">
          <h2 id="exports-heading" className="text-sm font-semibold">
            {t("page.exports")}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2 text-sm">
            {dashboard.exports.map((e) => (
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
      {overTime && (shows(view, "summary") || shows(view, "over-time")) && (
        <DriftPrompt
          overTime={overTime}
          labels={new Map(shown.dimensions.map((d) => [d.key, d.label]))}
          href={overTimeHref}
          recalibrateHref={organizer && open ? `/audits/${auditId}#calibration` : null}
        />
      )}
      <div className="space-y-10">
        {/* Each rater's practice against the key: organizers and admins only. */}
        {organizer && shows(view, "raters") && report.calibration && (
          <CalibrationCard calibration={report.calibration} raters={report.audit.raters} />
        )}
        <TurnLinks view={turns} href={(choice) => turnHref(choice === turns.turns[0] ? null : String(choice))} />
        {shown.dimensions
          .filter((d) => shownUnder(turns, d.key))
          .map((d) => (
            <section key={d.key} aria-labelledby={`dim-${d.key}`} className="space-y-4" data-testid={`dimension-${d.key}`}>
              <h2 id={`dim-${d.key}`} className="text-lg font-semibold">
                {d.label}
              </h2>
              {shows(view, "summary") && (
                <>
                  <div className="grid gap-4 lg:grid-cols-2">
                    <MajoritySummary dimension={d} />
                    <ErrorBoundCard dimension={d} />
                  </div>
                  {organizer && (
                    <LatentClassCard
                      dimension={d}
                      itemHref={(id) => `/audits/${auditId}/items/${id}`}
                      remainingMs={dashboard.remainingMs[d.key]}
                      waiting={dashboard.waiting.includes(d.key)}
                    />
                  )}
                  <CoefficientTable dimension={d} />
                  {outcome && <AdjudicatedCounts outcome={outcome.dimensions.find((o) => o.key === d.key)!} removed={outcome.removed} />}
                </>
              )}
              {shows(view, "over-time") &&
                overTime?.dimensions
                  .filter((o) => o.key === d.key)
                  .map((o) => (
                    <div key={o.key} id={`over-time-${o.key}`} className="scroll-mt-4 space-y-4">
                      <AgreementOverTimeChart label={d.label} overTime={o} confidenceLevel={d.agreement.options.confidenceLevel} />
                      <RaterFatigueTable label={d.label} overTime={o} />
                    </div>
                  ))}
              {shows(view, "raters") && (
                <>
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
                  </div>
                </>
              )}
              {shows(view, "subgroups") && (
                <div className="grid gap-4 lg:grid-cols-2">
                  <AgreementBreakdownChart dimension={d} by="chapter" />
                  <AgreementBreakdownChart dimension={d} by="level" />
                </div>
              )}
              {shows(view, "items") && (
                <DisagreementList
                  dimension={d}
                  itemHref={organizer ? (id) => `/audits/${auditId}/items/${id}` : undefined}
                  page={pageParam(search[`d_${d.key}`])}
                  pageHref={pageLinks(path, search, `d_${d.key}`, `#dim-${d.key}`)}
                />
              )}
            </section>
          ))}
        {organizer && shows(view, "items") && (
          <CommentsTable
            rows={dashboard.comments}
            dimensions={shown.dimensions.map((d) => ({ key: d.key, label: d.label, categories: d.categories }))}
            itemPath={`/audits/${auditId}/items/`}
            path={path}
            search={search}
            pageHref={pageLinks(path, search, COMMENT_PARAMS.page, "#comments-heading")}
          />
        )}
        {shows(view, "summary") && (
          <Card as="section" aria-labelledby="paragraph-heading" padding="md" raised>
            <h2 id="paragraph-heading" className="text-sm font-semibold">
              {t("page.paragraph")}
            </h2>
            <p lang="en" className="mt-2 whitespace-pre-line text-sm leading-relaxed text-slate-800" data-testid="audit-paragraph">
              {dashboard.paragraph}
            </p>
          </Card>
        )}
      </div>
    </>
  );
}
