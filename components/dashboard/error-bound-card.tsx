import { percentUpper } from "@/lib/reports/format";
import { categoryLabel } from "@/lib/reports/labels";
import type { DimensionAuditReport } from "@/lib/reports/types";


export function ErrorBoundCard({ dimension }: { dimension: DimensionAuditReport }) {
  const b = dimension.errorRateBound;
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label={`Error-rate bound: ${dimension.label}`}>
      <h3 className="text-sm font-semibold text-slate-900">Benchmark-wide error rate</h3>
      {!b || !dimension.errorCategory ? (
        <p className="mt-2 text-sm text-slate-600">No error category is set for this dimension.</p>
      ) : b.sampled === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No rated items yet.</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-800">
            Majority “{categoryLabel(dimension, dimension.errorCategory)}”: <strong>{b.incorrect}</strong> of {b.sampled} items ({((b.observedRate ?? 0) * 100).toFixed(1)}%).
          </p>
          <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={`error-bound-${dimension.key}`}>
            ≤ {percentUpper(b.hypergeometricUpper ?? b.binomialUpper)}
          </p>
          <p className="text-xs text-slate-600">
            one-sided {Math.round(b.confidenceLevel * 100)}% upper bound{" "}
            {b.hypergeometricUpper !== null ? `(hypergeometric, N = ${b.populationSize?.toLocaleString("en")}; at most ${b.hypergeometricUpperCount} items). Clopper–Pearson: ${percentUpper(b.binomialUpper)}.` : "(Clopper–Pearson)."}
          </p>
        </>
      )}
    </section>
  );
}
