import Link from "next/link";
import { useTranslations } from "@/lib/i18n/server";
import type { GateState } from "@/lib/calibration/score";
import { buttonVariants } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { PageHeader } from "../ui/page-header";

const percent = (x: number | null) => (x === null ? "—" : `${Math.round(x * 100)} %`);

/** The end of a practice round, said calmly: the share that matched the key and what happens now. */
export function PracticeResult({ auditId, auditName, state }: { auditId: string; auditName: string; state: GateState }) {
  const t = useTranslations("calibration.practice");
  if (state.kind === "none" || state.kind === "practice") return null;
  const { score } = state;
  const values = {
    matches: score.matches,
    questions: score.questions,
    share: percent(score.agreement),
    needed: state.kind === "failed" ? `${state.passPercent} %` : "",
  };
  const text = state.kind === "failed" ? t("notPassed", values) : state.passed ? t("passed", values) : t("reportOnly", values);
  return (
    <>
      <PageHeader title={t("title")} description={auditName} />
      <Card as="section" aria-labelledby="practice-result-heading" padding="md" raised className="max-w-3xl">
        <CardTitle id="practice-result-heading">{t("resultTitle")}</CardTitle>
        <p className="mt-2 text-sm text-slate-800" role="status" data-testid="practice-result">
          {text}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          {state.kind !== "failed" && (
            <Link href="/review" className={buttonVariants()}>
              {t("toQueue")}
            </Link>
          )}
          <Link href={`/review/calibration/${auditId}?item=1`} className={buttonVariants({ variant: "secondary" })}>
            {t("review")}
          </Link>
        </div>
      </Card>
    </>
  );
}
