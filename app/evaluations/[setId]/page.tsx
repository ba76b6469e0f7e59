import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "@/lib/i18n/server";
import { Suspense } from "react";
import { EvaluationResults } from "@/components/evaluations/evaluation-results";
import { ReportOptions } from "@/components/evaluations/report-options";
import { Badge } from "@/components/ui/badge";
import { FormError } from "@/components/ui/form-error";
import { PageHeader } from "@/components/ui/page-header";
import { DEFAULT_REPLICATES } from "@/lib/evaluation/bootstrap-settings";
import { pageContext } from "@/lib/server/page";
import { EVALUATION_EXPORTS } from "@/lib/server/evaluations/exports";
import { evaluationOptionsFromParams, evaluationQuery } from "@/lib/server/evaluations/options";
import { getPredictionSet } from "@/lib/server/evaluations/queries";
import { type ComputedEvaluation, evaluationStages, WEB_REPLICATES } from "@/lib/server/evaluations/report";
import type { JobStage } from "@/lib/server/jobs/stages";
import { utcMinute } from "@/lib/i18n/timestamp";
import { Card } from "@/components/ui/card";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("evaluation.report"))("metaTitle") };
}

async function Computing({ replicates }: { replicates: number }) {
  const [t, format] = await Promise.all([getTranslations("evaluation.report"), getFormatter()]);
  return (
    <Card as="p" role="status" padding="none" className="p-8 text-center text-sm text-slate-600">
      {t("computing", { replicates: format.number(replicates) })}
    </Card>
  );
}

/**
 * The report's job as it goes (lib/server/jobs/stages.ts): when its run stopped and it was queued
 * again, a notice, and the wait goes on in a boundary of its own; then the report, or what stopped it.
 */
async function Results({ stage, replicates }: { stage: Promise<JobStage<ComputedEvaluation | null>>; replicates: number }) {
  const reached = await stage;
  const [t, format] = await Promise.all([getTranslations("evaluation.report"), getFormatter()]);
  if (reached.kind === "retry") {
    const { workerStopped, attempt, attempts } = reached.retry;
    return (
      <>
        <p role="status" className="mb-4 text-sm text-amber-800" data-testid="report-notice">
          {t(`notices.${workerStopped ? "workerStopped" : "retrying"}`, { attempt, attempts })}
        </p>
        <Suspense fallback={<Computing replicates={replicates} />}>
          <Results stage={reached.next} replicates={replicates} />
        </Suspense>
      </>
    );
  }
  if (reached.kind === "stopped")
    return (
      <FormError boxed className="border-red-300 p-3 text-red-900" data-testid="report-stopped">
        {t("workerStopped", { attempts: reached.attempts })}
      </FormError>
    );
  const computed = reached.value;
  if (!computed) notFound();
  return (
    <>
      <p className="mb-4 text-xs text-slate-600" data-testid="compute-note">
        {t("computed", { ms: format.number(computed.computeMs) })}
      </p>
      <EvaluationResults report={computed.report} />
    </>
  );
}

export default async function EvaluationPage(props: {
  params: Promise<{ setId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { db } = await pageContext("evaluations:manage");
  const { setId } = await props.params;
  const set = await getPredictionSet(db, setId);
  if (!set) notFound();
  const [t, list, format] = await Promise.all([getTranslations("evaluation.report"), getTranslations("evaluation.list"), getFormatter()]);
  const requested = evaluationOptionsFromParams(await props.searchParams);
  // An unknown baseline (a stale link) falls back to the default instead of failing the page.
  const unknownBaseline = requested.baseline !== undefined && !set.scopes.includes(requested.baseline) ? requested.baseline : null;
  const baseline = (unknownBaseline ? undefined : requested.baseline) ?? set.scopes[0]!;
  const replicates = requested.replicates ?? DEFAULT_REPLICATES;
  const at = utcMinute(set.createdAt);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/evaluations" className="text-teal-800 hover:underline">
          {t("back")}
        </Link>
      </p>
      <PageHeader
        title={set.name}
        description={
          <>
            <Link href={`/datasets/${set.dataset.id}`} className="text-teal-800 hover:underline">
              {set.dataset.name}
            </Link>{" "}
            <Badge>{list("badge", { version: set.dataset.version })}</Badge>
            {" · "}
            {t("description", {
              models: set.models.length,
              scopes: set.scopes.length,
              rows: format.number(set.rowCount),
              file: set.fileName,
              at,
            })}
            {set.createdBy ? ` ${t("importedBy", { name: set.createdBy.name })}` : ""}
          </>
        }
      />
      {unknownBaseline && (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t("unknownBaseline", { scope: unknownBaseline, baseline })}
        </p>
      )}
      <ReportOptions
        setId={setId}
        scopes={set.scopes}
        baseline={baseline}
        replicates={replicates}
        choices={WEB_REPLICATES}
        exports={EVALUATION_EXPORTS}
        query={evaluationQuery({ baseline, replicates })}
      />
      <Suspense key={`${baseline}|${replicates}`} fallback={<Computing replicates={replicates} />}>
        <Results stage={evaluationStages(db, setId, { baseline, replicates })} replicates={replicates} />
      </Suspense>
    </>
  );
}
