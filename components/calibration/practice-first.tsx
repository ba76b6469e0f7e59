import Link from "next/link";
import { useTranslations } from "@/lib/i18n/server";
import type { GateState } from "@/lib/calibration/score";
import { buttonVariants } from "../ui/button";
import { Card, CardTitle } from "../ui/card";

/** In the queue, an audit whose calibration round waits for this rater: practice, or a calm wait. */
export function PracticeFirst({ auditId, auditName, state }: { auditId: string; auditName: string; state: GateState }) {
  const t = useTranslations("calibration.queue");
  if (state.kind !== "practice" && state.kind !== "failed") return null;
  return (
    <Card as="section" aria-labelledby={`audit-${auditId}`} padding="md" raised data-testid={`practice-first-${auditId}`}>
      <CardTitle id={`audit-${auditId}`}>{auditName}</CardTitle>
      {state.kind === "practice" ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-800">{t("practiceFirst", { done: state.done, total: state.total })}</p>
          <Link href={`/review/calibration/${auditId}`} className={buttonVariants({ className: "ml-auto" })}>
            {state.done === 0 ? t("start") : t("continue")}
          </Link>
        </div>
      ) : (
        <p className="mt-2 max-w-3xl text-sm text-slate-800" role="status">
          {t("waiting", { matches: state.score.matches, questions: state.score.questions, needed: `${state.passPercent} %` })}
        </p>
      )}
    </Card>
  );
}
