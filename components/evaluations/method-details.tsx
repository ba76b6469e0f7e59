/** How the numbers were made, enough to re-run them: the report's method block, readable. */
import { levelPercent, thousands } from "@/lib/evaluation/report-format";
import type { EvaluationReport } from "@/lib/evaluation/report-types";

export function MethodDetails({ report }: { report: EvaluationReport }) {
  const m = report.method;
  const rows: [string, string][] = [
    ["Bootstrap", m.bootstrap],
    ["Replicates, level", `B = ${thousands(m.replicates)}, ${levelPercent(m.level)} percentile interval`],
    ["PRNG", m.prng],
    ["Quantiles", m.quantile],
    ["Seeds", m.seedRule],
    ["Streams", [`accuracy ${m.streams.accuracy}`, `paired ${m.streams.paired}`, m.streams.decisionPoints && `decision points ${m.streams.decisionPoints}`, `breakdowns ${m.streams.breakdown}`, m.streams.conversation && `conversations ${m.streams.conversation}`].filter(Boolean).join("; ")],
    ["p-values", m.pValues],
    ["Cases", m.cases],
    ["Dataset checksum", report.dataset.checksum],
    ["Predictions checksum", report.predictions.checksum],
  ];
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-900">Method, seeds and checksums</summary>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600">{k}</dt>
            <dd className="break-words font-mono text-xs text-slate-800">{v}</dd>
          </div>
        ))}
      </dl>
      <table className="mt-3 text-xs">
        <caption className="text-left font-semibold text-slate-700">Seed of each model-scope pair</caption>
        <thead>
          <tr className="text-left text-slate-600">
            <th scope="col" className="pr-3">Model</th>
            <th scope="col" className="pr-3">Scope</th>
            <th scope="col">Seed</th>
          </tr>
        </thead>
        <tbody className="font-mono text-slate-800">
          {m.seeds.map((s) => (
            <tr key={`${s.model}-${s.scope}`}>
              <td className="pr-3">{s.model}</td>
              <td className="pr-3">{s.scope}</td>
              <td>{s.seed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
