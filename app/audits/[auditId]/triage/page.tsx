import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getFormatter, getTranslations } from "@/lib/i18n/server";
import { paramLinks, parseTableParams } from "@/components/data-table/search-params";
import { TriageTable } from "@/components/triage/triage-table";
import { buttonVariants } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { localizeRubric } from "@/lib/audits/rubric";
import type { Locale } from "@/lib/i18n/locales";
import { auditRubric } from "@/lib/server/audits/queries";
import { pageContext } from "@/lib/server/page";
import { auditTriage } from "@/lib/server/triage/audit-triage";
import { csvQuery, TRIAGE_TABLE, triagePage } from "@/lib/triage/table";
import { strataCounts } from "@/lib/triage/triage";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audits.triage"))("pageTitle") };
}

/**
 * An audit's triage list (issue #34 part 3): organizers and admins (audits:manage) — a rater gets
 * the forbidden page before anything is read. One page of rows is sent; the list is kept per
 * version of the report (lib/server/triage/audit-triage.ts).
 */
export default async function AuditTriagePage(props: {
  params: Promise<{ auditId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { db } = await pageContext("audits:manage");
  const { auditId } = await props.params;
  const search = await props.searchParams;
  const dimension = typeof search.dimension === "string" ? search.dimension : undefined;
  // While the latest ratings' report is computed, the one before (the dashboard's), said so.
  const triage = await auditTriage(db, auditId, dimension, { orLatest: true });
  if (!triage) notFound();
  const [t, locale, rubric, format] = await Promise.all([
    getTranslations("audits.triage"),
    getLocale(),
    auditRubric(db, auditId),
    getFormatter(),
  ]);
  const params = parseTableParams(search, TRIAGE_TABLE);
  const page = triagePage(triage.rows, params);
  const localized = localizeRubric(rubric ?? [], locale as Locale);
  const labelOf = (key: string, fallback: string) => localized.find((d) => d.key === key)?.label ?? fallback;
  const categories = new Map(localized.find((d) => d.key === triage.dimension)?.categories.map((c) => [c.key, c.label]));
  // The adjudication item page once the audit is open; the organizer's item page before.
  const itemPath = triage.audit.status === "DRAFT" ? "items" : "adjudicate";
  const rows = page.rows.map((r) => ({
    ...r,
    href: `/audits/${auditId}/${itemPath}/${r.id}`,
    majorityLabel: r.majority === null ? null : (categories.get(r.majority) ?? r.majority),
  }));
  const csv = csvQuery(search);
  const dimensionHref = paramLinks(`/audits/${auditId}/triage`, search, "dimension");
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href={`/audits/${auditId}`} className="text-teal-800 hover:underline">
          {t("back", { label: triage.audit.name })}
        </Link>
      </p>
      <PageHeader
        title={t("heading", { name: triage.audit.name })}
        description={t("description")}
        actions={
          <a href={`/api/audits/${auditId}/triage?${csv}`} download className={buttonVariants({ variant: "secondary" })}>
            {t("download")}
          </a>
        }
      />
      <p className="mb-1 text-sm text-slate-600" data-testid="triage-predictions">
        {triage.predictionSet
          ? t("predictions", { name: triage.predictionSet.name, checksum: triage.predictionSet.checksum })
          : t("noPredictions")}
      </p>
      <p className="mb-3 text-sm text-slate-600">{t("notRatedNote")}</p>
      {triage.asOf && (
        <p className="mb-3 text-sm text-slate-700" data-testid="triage-as-of">
          {t("asOf", { at: format.dateTime(new Date(triage.asOf), { hour: "2-digit", minute: "2-digit", second: "2-digit" }) })}
        </p>
      )}
      {triage.dimensions.length > 1 && (
        <nav aria-label={t("dimension")} className="mb-3 flex gap-3 text-sm">
          {triage.dimensions.map((d) =>
            d.key === triage.dimension ? (
              <span key={d.key} className="font-semibold" aria-current="page">
                {labelOf(d.key, d.label)}
              </span>
            ) : (
              <Link key={d.key} href={dimensionHref(d.key)} className="text-teal-800 hover:underline">
                {labelOf(d.key, d.label)}
              </Link>
            ),
          )}
        </nav>
      )}
      <TriageTable rows={rows} total={page.total} strata={strataCounts(triage.rows)} sampled {...params} />
    </>
  );
}
