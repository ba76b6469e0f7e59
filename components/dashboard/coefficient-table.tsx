/**
 * The engine's coefficients for one dimension (AC1 first, then Fleiss, Krippendorff, Conger,
 * Brennan–Prediger and percent agreement) with pa, pe, value, SE, confidence interval and p, in the
 * same 3-decimal format as the Markdown and LaTeX exports. Under it, the one-line explanation when
 * AC1 and the kappa-type coefficients diverge, and why any value is n/a.
 */
import { fixed, levelPercent, pValue } from "@/lib/reports/format";
import { COEFFICIENT_NAMES, COEFFICIENT_ORDER } from "@/lib/reports/labels";
import type { DimensionAuditReport } from "@/lib/reports/types";

const NUM = "px-2 py-1 text-right tabular-nums";

export function CoefficientTable({ dimension, title }: { dimension: DimensionAuditReport; title?: string }) {
  const c = dimension.agreement.coefficients;
  const level = levelPercent(dimension.agreement.options.confidenceLevel);
  const heading = title ?? `Agreement coefficients: ${dimension.label}`;
  const notes = COEFFICIENT_ORDER.flatMap((k) => (c[k].note === null ? [] : [{ key: k, note: c[k].note }]));
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm text-slate-800">
          <caption className="mb-2 text-left">
            <span className="block text-sm font-semibold text-slate-900">{heading}</span>
            <span className="block text-xs font-normal text-slate-600">
              {`${dimension.agreement.items.withTwoOrMoreRatings} items with two or more ratings; ${level} confidence intervals (t distribution); two-sided p for H0: coefficient = 0.`}
            </span>
          </caption>
          <thead className="border-b border-slate-300 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-1 text-left">
                Coefficient
              </th>
              <th scope="col" className={NUM}>
                <abbr title="observed agreement">pa</abbr>
              </th>
              <th scope="col" className={NUM}>
                <abbr title="chance agreement">pe</abbr>
              </th>
              <th scope="col" className={NUM}>
                Value
              </th>
              <th scope="col" className={NUM}>
                <abbr title="standard error">SE</abbr>
              </th>
              <th scope="col" className={NUM}>
                {level} CI
              </th>
              <th scope="col" className={NUM}>
                p
              </th>
            </tr>
          </thead>
          <tbody>
            {COEFFICIENT_ORDER.map((k) => {
              const r = c[k];
              const ci = r.ciLower === null || r.ciUpper === null ? "n/a" : `[${fixed(r.ciLower)}, ${fixed(r.ciUpper)}]`;
              return (
                <tr key={k} className={k === "gwetAc1" ? "bg-teal-50 font-medium" : "border-t border-slate-100"}>
                  <th scope="row" className="px-2 py-1 text-left font-normal">
                    {COEFFICIENT_NAMES[k]}
                  </th>
                  <td className={NUM}>{fixed(r.pa)}</td>
                  <td className={NUM}>{fixed(r.pe)}</td>
                  <td className={`${NUM} font-semibold`}>{fixed(r.coeff)}</td>
                  <td className={NUM}>{fixed(r.se)}</td>
                  <td className={NUM}>{ci}</td>
                  <td className={NUM}>{pValue(r.pValue)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {dimension.divergence !== null && (
        <p role="note" className="mt-3 rounded border-l-4 border-amber-400 bg-amber-50 px-3 py-2 text-xs text-amber-950">
          <span className="font-semibold">Why AC1 and kappa differ: </span>
          {dimension.divergence}
        </p>
      )}
      {notes.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-xs text-slate-600" aria-label="Why some values are n/a">
          {notes.map((n) => (
            <li key={n.key}>
              {COEFFICIENT_NAMES[n.key]}: {n.note}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
