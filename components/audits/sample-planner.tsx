"use client";
import { useLocale, useTranslations } from "@/lib/i18n/client";
import { useEffect, useState } from "react";
import { planSampleAction } from "@/lib/actions/plan";
import { Button } from "../ui/button";
import { TextField } from "../ui/field";

type Plan = Extract<Awaited<ReturnType<typeof planSampleAction>>, { ok: true }>["data"];

interface Props {
  /** Items in the chosen benchmark (N). */
  populationSize: number;
  /** The sample size currently in the form. */
  size: string;
  /** Declared categories of the rubric's first dimension. */
  categories: number;
  onUseSize: (n: number) => void;
}

/**
 * The sample planner: which n the published claim "error rate below T % with C % confidence,
 * if at most x clearly wrong items are found" needs, and how wide AC1's interval will be at the
 * size in the form. Recomputed on the server shortly after an input changes.
 */
export function SamplePlanner({ populationSize, size, categories, onUseSize }: Props) {
  const t = useTranslations("audits.planner");
  const locale = useLocale();
  const [errors, setErrors] = useState("1");
  const [target, setTarget] = useState("5");
  const [confidence, setConfidence] = useState("95");
  const [raters, setRaters] = useState("3");
  const [agreement, setAgreement] = useState("90");
  const [plan, setPlan] = useState<Plan | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(async () => {
      // A size above the benchmark (the form's default 100 on a small dataset) still gets the
      // bound; the AC1 figure is then for the whole benchmark.
      const considered = Number(size) > populationSize ? String(populationSize) : size;
      const r = await planSampleAction({
        populationSize,
        size: considered,
        toleratedErrors: errors,
        targetPercent: target,
        confidencePercent: confidence,
        raters,
        categories,
        agreementPercent: agreement,
      });
      if (!live) return;
      if (r.ok) {
        setPlan(r.data);
        setProblem(null);
      } else {
        setPlan(null);
        setProblem(Object.values(r.fieldErrors ?? {})[0] ?? r.error);
      }
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [populationSize, size, errors, target, confidence, raters, agreement, categories]);

  const pct = (x: number) =>
    new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(x);
  const int = (x: number) => new Intl.NumberFormat(locale).format(x);
  const hyper = plan?.bound.hypergeometric;
  const binomial = plan?.bound.binomial;

  return (
    <details className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="sample-planner">
      <summary className="cursor-pointer text-sm font-medium text-slate-800">{t("title")}</summary>
      <p className="mt-2 text-xs text-slate-600">{t("intro", { n: int(populationSize) })}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <TextField label={t("errors")} name="plan-errors" inputMode="numeric" value={errors} onChange={(e) => setErrors(e.target.value)} />
        <TextField label={t("target")} name="plan-target" inputMode="decimal" value={target} onChange={(e) => setTarget(e.target.value)} />
        <TextField
          label={t("confidence")}
          name="plan-confidence"
          inputMode="decimal"
          value={confidence}
          onChange={(e) => setConfidence(e.target.value)}
        />
      </div>
      <div aria-live="polite" className="mt-3 space-y-2 text-sm">
        {problem && <p className="text-red-700">{problem}</p>}
        {hyper && binomial && (
          <>
            {hyper.n === null ? (
              <p data-testid="planner-unreachable">{t("unreachable", { errors, target })}</p>
            ) : (
              <div className="flex flex-wrap items-center gap-3">
                <p data-testid="planner-n">
                  {t("smallest", {
                    n: int(hyper.n),
                    bound: pct(hyper.bound ?? 0),
                    count: int(hyper.boundCount ?? 0),
                    total: int(populationSize),
                  })}
                </p>
                <Button type="button" variant="secondary" onClick={() => onUseSize(hyper.n!)}>
                  {t("use", { n: int(hyper.n) })}
                </Button>
              </div>
            )}
            {binomial.n !== null && (
              <p className="text-xs text-slate-600">{t("binomial", { n: int(binomial.n), bound: pct(binomial.bound ?? 0) })}</p>
            )}
          </>
        )}
      </div>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <TextField label={t("raters")} name="plan-raters" inputMode="numeric" value={raters} onChange={(e) => setRaters(e.target.value)} />
        <TextField
          label={t("agreement")}
          name="plan-agreement"
          inputMode="decimal"
          value={agreement}
          onChange={(e) => setAgreement(e.target.value)}
        />
      </div>
      {plan && (
        <p className="mt-2 text-sm" data-testid="planner-ac1">
          {t("ac1", { size, raters, halfWidth: plan.ac1.medianHalfWidth.toFixed(3), ac1: plan.ac1.medianAc1.toFixed(2) })}
        </p>
      )}
      <p className="mt-2 text-xs text-slate-600">{t("model", { replicates: plan?.ac1.replicates ?? 200 })}</p>
    </details>
  );
}
