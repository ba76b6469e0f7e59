import type { DimensionOutcome } from "@/lib/adjudication/outcome";

/** After adjudication: the final labels beside (not instead of) the raw majority counts above. */
export function AdjudicatedCounts({ outcome, removed }: { outcome: DimensionOutcome; removed: number }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label={`Adjudicated outcome: ${outcome.label}`} data-testid={`adjudicated-${outcome.key}`}>
      <h3 className="text-sm font-semibold text-slate-900">Adjudicated outcome: {outcome.label}</h3>
      <p className="text-xs text-slate-600">Final labels (adjudicator's where given, else the majority); {outcome.changed} changed by adjudication; {removed} item(s) removed from the benchmark and left out.</p>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm">
        {outcome.counts.map((c) => <li key={c.category}>{c.label}: <strong className="tabular-nums">{c.count}</strong></li>)}
      </ul>
    </section>
  );
}
