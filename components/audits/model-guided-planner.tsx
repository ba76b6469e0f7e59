"use client";
import { useLocale, useTranslations } from "@/lib/i18n/client";
import { useState, useTransition } from "react";
import { previewModelGuidedAction } from "@/lib/actions/plan";
import { MODEL_STRATA, type ModelStratum } from "@/lib/sampling/model-strata-keys";
import { Button } from "../ui/button";
import { SelectField, TextField } from "../ui/field";
import { Table } from "../ui/table";

export type AllocationChoice = "proportional" | "neyman" | "oversample";

export interface ModelGuidedState {
  enabled: boolean;
  predictionSetId: string;
  rule: AllocationChoice;
  factor: string;
  /** Percent, per stratum. */
  priors: Record<ModelStratum, string>;
  assumed: Record<ModelStratum, string>;
}

export const DEFAULT_RATES: Record<ModelStratum, string> = { none: "2", some: "15", most: "50", unpredicted: "10" };

export function initialModelGuided(predictionSetId: string): ModelGuidedState {
  return { enabled: false, predictionSetId, rule: "oversample", factor: "3", priors: { ...DEFAULT_RATES }, assumed: { ...DEFAULT_RATES } };
}

/** The allocation rule the server takes, from the form's fields (rates in percent → shares). */
export function allocationOf(s: ModelGuidedState) {
  if (s.rule === "proportional") return { rule: "proportional" as const };
  if (s.rule === "oversample") return { rule: "oversample" as const, factor: s.factor };
  const share = (v: string) => (v.trim() === "" ? v : String(Number(v) / 100));
  return { rule: "neyman" as const, priorErrorRates: Object.fromEntries(MODEL_STRATA.map((k) => [k, share(s.priors[k])])) };
}

type Preview = Extract<Awaited<ReturnType<typeof previewModelGuidedAction>>, { ok: true }>["data"];

interface Props {
  datasetId: string;
  size: string;
  sets: { id: string; name: string; models: number }[];
  value: ModelGuidedState;
  onChange: (next: ModelGuidedState) => void;
  errors: Record<string, string>;
}

/**
 * "Stratify by model disagreement" on the new-audit form (organizers and admins only, like the
 * whole form): the prediction set, the allocation rule, and the preview of what the design buys
 * at the organizer's assumed error rates (lib/agreement/stratified-preview.ts).
 */
export function ModelGuidedPlanner({ datasetId, size, sets, value, onChange, errors }: Props) {
  const t = useTranslations("audits.modelGuided");
  const locale = useLocale();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const set = (patch: Partial<ModelGuidedState>) => {
    setPreview(null);
    onChange({ ...value, ...patch });
  };
  const pct = (x: number) =>
    new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x);
  const int = (x: number) => new Intl.NumberFormat(locale).format(x);
  const onPreview = () =>
    start(async () => {
      const share = (v: string) => (v.trim() === "" ? v : String(Number(v) / 100));
      const r = await previewModelGuidedAction({
        datasetId,
        size,
        predictionSetId: value.predictionSetId,
        allocation: allocationOf(value),
        assumedErrorRates: Object.fromEntries(MODEL_STRATA.map((k) => [k, share(value.assumed[k])])),
      });
      if (r.ok) {
        setPreview(r.data ?? null);
        setProblem(null);
      } else {
        setPreview(null);
        setProblem(Object.values(r.fieldErrors ?? {})[0] ?? r.error);
      }
    });
  const p = preview?.preview;
  const gain = p ? p.srs.meanUpper - p.stratified.meanUpper : 0;

  return (
    <fieldset className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="model-guided">
      <legend className="px-1 text-sm font-medium text-slate-800">{t("title")}</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="model-guided" checked={value.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        {t("enable")}
      </label>
      <p className="mt-1 text-xs text-slate-600">{t("intro")}</p>
      {errors.strata && <p className="mt-1 text-xs text-red-700">{errors.strata}</p>}
      {value.enabled && (
        <div className="mt-3 space-y-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t("set")}
              name="model-guided-set"
              value={value.predictionSetId}
              onChange={(e) => set({ predictionSetId: e.target.value })}
              error={errors["modelGuided.predictionSetId"]}
            >
              {sets.map((s) => (
                <option key={s.id} value={s.id}>
                  {t("setOption", { name: s.name, models: s.models })}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t("rule")}
              name="model-guided-rule"
              value={value.rule}
              onChange={(e) => set({ rule: e.target.value as AllocationChoice })}
            >
              {(["oversample", "neyman", "proportional"] as const).map((r) => (
                <option key={r} value={r}>
                  {t(`rules.${r}`)}
                </option>
              ))}
            </SelectField>
          </div>
          {value.rule === "oversample" && (
            <TextField
              label={t("factor")}
              name="model-guided-factor"
              inputMode="decimal"
              value={value.factor}
              onChange={(e) => set({ factor: e.target.value })}
              error={errors["modelGuided.allocation.factor"]}
              containerClassName="sm:w-1/2"
            />
          )}
          <Table variant="report" scroll={false} className="text-left">
            <thead>
              <tr>
                <th className="font-medium">{t("stratum")}</th>
                {value.rule === "neyman" && <th className="font-medium">{t("prior")}</th>}
                <th className="font-medium">{t("assumed")}</th>
              </tr>
            </thead>
            <tbody>
              {MODEL_STRATA.map((k) => (
                <tr key={k}>
                  <td>{t(`strata.${k}`)}</td>
                  {value.rule === "neyman" && (
                    <td>
                      <input
                        aria-label={`${t("prior")} · ${t(`strata.${k}`)}`}
                        name={`model-guided-prior-${k}`}
                        inputMode="decimal"
                        className="w-20 rounded border border-slate-300 px-2 py-1 text-sm"
                        value={value.priors[k]}
                        onChange={(e) => set({ priors: { ...value.priors, [k]: e.target.value } })}
                      />
                    </td>
                  )}
                  <td>
                    <input
                      aria-label={`${t("assumed")} · ${t(`strata.${k}`)}`}
                      name={`model-guided-assumed-${k}`}
                      inputMode="decimal"
                      className="w-20 rounded border border-slate-300 px-2 py-1 text-sm"
                      value={value.assumed[k]}
                      onChange={(e) => set({ assumed: { ...value.assumed, [k]: e.target.value } })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          {errors["modelGuided.allocation.priorErrorRates"] && (
            <p className="text-xs text-red-700">{errors["modelGuided.allocation.priorErrorRates"]}</p>
          )}
          <Button type="button" variant="secondary" onClick={onPreview} disabled={pending}>
            {t("preview")}
          </Button>
          <div aria-live="polite" className="space-y-2 text-sm">
            {problem && <p className="text-red-700">{problem}</p>}
            {preview && p && (
              <>
                <Table variant="report" scroll={false} className="text-left" data-testid="model-guided-allocation">
                  <thead>
                    <tr>
                      <th className="font-medium">{t("stratum")}</th>
                      <th className="text-right font-medium">{t("items")}</th>
                      <th className="text-right font-medium">{t("sampled")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.allocation.map((a) => (
                      <tr key={a.key}>
                        <td>{t(`strata.${a.key}`)}</td>
                        <td className="text-right tabular-nums">{int(a.population)}</td>
                        <td className="text-right tabular-nums">{int(a.allocated)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
                <p data-testid="model-guided-preview">
                  {t("previewResult", {
                    srs: pct(p.srs.meanUpper),
                    stratified: pct(p.stratified.meanUpper),
                    n: int(preview.allocation.reduce((n, a) => n + a.allocated, 0)),
                    replicates: int(p.replicates),
                    truth: pct(p.trueRate),
                  })}
                </p>
                <p className={gain >= 0 ? "text-emerald-800" : "text-amber-800"}>
                  {t(gain >= 0 ? "better" : "worse", {
                    points: new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(
                      Math.abs(gain) * 100,
                    ),
                  })}
                </p>
              </>
            )}
          </div>
        </div>
      )}
    </fieldset>
  );
}
