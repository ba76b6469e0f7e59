import type { Metadata } from "next";
import Link from "next/link";
import { GuidelinesEditor } from "@/components/audits/guidelines-editor";
import { parseGuidelines } from "@/lib/audits/guidelines";
import { getLocale, getTranslations } from "@/lib/i18n/server";
import { AdjudicatorSelect } from "@/components/audits/adjudicator-select";
import { AssignPanel } from "@/components/audits/assign-panel";
import { CompositionTable } from "@/components/audits/composition-table";
import { ModelDesignCard } from "@/components/audits/model-design-card";
import { canonicalModelDesign } from "@/lib/reports/model-design";
import { ProgressTable } from "@/components/audits/progress-table";
import { FlaggedItems, ReviewOrderRuleText } from "@/components/audits/review-order-rule";
import { pageLinks, pageParam } from "@/components/data-table/search-params";
import { storedReviewOrderRule } from "@/lib/sampling/review-order";
import { StatusControls } from "@/components/audits/status-controls";
import { ExtendSampleForm } from "@/components/audits/extend-sample-form";
import { RubricTextsForm } from "@/components/audits/rubric-texts-form";
import { storedExtensions } from "@/lib/sampling/extend";
import { utcMinute } from "@/lib/i18n/timestamp";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { localizeRubric } from "@/lib/audits/rubric";
import { loadAuditPage } from "@/lib/server/audits/load-audit-page";
import type { StratumKey } from "@/lib/server/audits/sampling-frame";
import { orRefusal, pageContext } from "@/lib/server/page";
import { Card, CardTitle } from "@/components/ui/card";
import { CalibrationPanel } from "@/components/audits/calibration-panel";
import { CalibrationResults } from "@/components/audits/calibration-results";
import { buttonVariants } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audits.detail"))("pageTitle") };
}

const STATUS_TONE = { DRAFT: "neutral", OPEN: "accent", CLOSED: "warning" } as const;

export default async function AuditPage(props: {
  params: Promise<{ auditId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { auditId } = await props.params;
  const search = await props.searchParams;
  const ctx = await pageContext("audits:manage");
  const [{ audit, progress, clinicians, composition, calibration, sources, backup }, t, locale] = await Promise.all([
    orRefusal(loadAuditPage(ctx, auditId)),
    getTranslations("audits"),
    getLocale(),
  ]);
  const activeRaters = (progress?.clinicians ?? []).filter((c) => c.active);
  const sampling = audit.sampling as { frameSize: number; frameChecksum: string };
  const strata = audit.strata as StratumKey[];
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/audits" className="text-teal-800 hover:underline">
          {t("detail.back")}
        </Link>
      </p>
      <PageHeader
        title={audit.name}
        description={
          <>
            <Badge tone={STATUS_TONE[audit.status]}>{t(`status.${audit.status}`)}</Badge>{" "}
            {t("detail.summary", {
              size: audit.sampleSize,
              frameSize: sampling.frameSize,
              dataset: audit.dataset.name,
              version: audit.dataset.version,
              seed: audit.seed,
            })}
            {strata.length
              ? t("detail.stratifiedBy", { strata: strata.map((s) => t(`detail.strataName.${s}`)).join(t("detail.listSeparator")) })
              : ""}{" "}
            ·{" "}
            {localizeRubric(audit.rubric, locale)
              .map((d) => d.label)
              .join(" / ")}
          </>
        }
        actions={
          <>
            <Link href={`/audits/${audit.id}/dashboard`} className={buttonVariants({ variant: "secondary" })}>
              {t("detail.dashboard")}
            </Link>
            <Link href={`/audits/${audit.id}/triage`} className={buttonVariants({ variant: "secondary" })}>
              {t("triage.link")}
            </Link>
            {audit.status !== "DRAFT" && (
              <Link href={`/audits/${audit.id}/adjudicate`} className={buttonVariants({ variant: "secondary" })}>
                {t("detail.adjudicate")}
              </Link>
            )}
            {backup && (
              <a href={`/api/audits/${audit.id}/backup`} download className={buttonVariants({ variant: "secondary" })}>
                {t("detail.backup")}
              </a>
            )}
          </>
        }
      />
      <Card padding="md" raised className="mb-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <StatusControls
            auditId={audit.id}
            status={audit.status}
            shareResults={audit.shareResults}
            hasAdjudicator={audit.adjudicatorId !== null}
            progress={{
              done: progress?.done ?? 0,
              assigned: progress?.assigned ?? 0,
              clinicians: (progress?.clinicians ?? []).filter((c) => c.active),
            }}
          />
          <AdjudicatorSelect auditId={audit.id} clinicians={clinicians} current={audit.adjudicatorId} />
        </div>
      </Card>
      {/* Progress (seven columns and a button per clinician) gets the wider share. */}
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <Card as="section" aria-labelledby="progress-heading" padding="md" raised>
            <CardTitle id="progress-heading">{t("detail.progress")}</CardTitle>
            <p className="mt-1 text-sm text-slate-600" data-testid="audit-progress">
              {t("detail.progressSummary", { done: progress?.done ?? 0, assigned: progress?.assigned ?? 0 })}
            </p>
            <div className="mt-3">
              <ProgressTable clinicians={progress?.clinicians ?? []} auditId={audit.id} locked={audit.status === "CLOSED"} />
            </div>
            <FlaggedItems
              items={progress?.flaggedItems ?? []}
              page={pageParam(search.flagged)}
              pageHref={pageLinks(`/audits/${auditId}`, search, "flagged", "#flagged-items")}
            />
          </Card>
          <AssignPanel
            auditId={audit.id}
            clinicians={clinicians}
            assignedIds={(progress?.clinicians ?? []).filter((c) => c.active).map((c) => c.userId)}
            locked={audit.status === "CLOSED"}
          />
        </div>
        <Card as="section" aria-labelledby="sample-heading" padding="md" raised>
          <CardTitle id="sample-heading">{t("detail.sample")}</CardTitle>
          <p className="mt-1 text-xs text-slate-600">{t("detail.frameChecksum", { checksum: sampling.frameChecksum })}</p>
          <ReviewOrderRuleText rule={storedReviewOrderRule(audit.sampling)} />
          <CompositionTable composition={composition} />
          {/* Organizers and admins only: this page requires audits:manage (raters never see a stratum). */}
          {audit.modelDesign !== null && <ModelDesignCard design={canonicalModelDesign(audit.modelDesign)} />}
          {/* A model-guided sample's allocation was fixed for the size drawn: the server refuses to extend it. */}
          {audit.modelDesign !== null ? (
            <p className="mt-3 text-sm text-slate-700" data-testid="extend-model-guided">
              {t("extend.errors.modelGuided")}
            </p>
          ) : (
            <ExtendSampleForm
              auditId={audit.id}
              seed={audit.seed}
              frameSize={sampling.frameSize}
              sampleSize={audit.sampleSize}
              ratersPerItem={audit.ratersPerItem}
              locked={audit.status === "CLOSED"}
              history={storedExtensions(audit.sampling).map((e) => ({
                fromSize: e.fromSize,
                toSize: e.toSize,
                date: utcMinute(new Date(e.at)),
              }))}
            />
          )}
        </Card>
      </div>
      {calibration && (
        <div className="mt-6">
          <CalibrationPanel
            auditId={audit.id}
            dimensions={localizeRubric(audit.rubric, locale).map((d) => ({
              key: d.key,
              label: d.label,
              perTurn: !!d.perTurn,
              categories: d.categories.map((c) => ({ key: c.key, label: c.label })),
            }))}
            overview={calibration}
            raters={activeRaters.map((c) => ({ id: c.userId, name: c.name }))}
            sources={sources}
            locked={audit.status === "CLOSED"}
            results={<CalibrationResults overview={calibration} />}
          />
        </div>
      )}
      <div className="mt-6">
        <GuidelinesEditor auditId={audit.id} initial={parseGuidelines(audit.guidelines)} />
      </div>
      <div className="mt-6">
        <RubricTextsForm auditId={audit.id} rubric={audit.rubric} locked={audit.status === "CLOSED"} />
      </div>
    </>
  );
}
