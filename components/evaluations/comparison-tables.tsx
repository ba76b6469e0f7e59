/**
 * Paired differences: each scope against the baseline (on the cases both predicted), and a
 * patient's later decision points against the first. Differences in percentage points with
 * their interval and one-sided bootstrap p, as in the LaTeX export.
 */
import type { ReactNode } from "react";
import { accuracyLabel, accuracyPm, bootstrapLabel, boundsPp, MISSING, pct, pValue, signedPp, thousands } from "@/lib/evaluation/report-format";
import type { EvaluationReport } from "@/lib/evaluation/report-types";

const NUM = "px-2 py-1 text-right tabular-nums";

function Frame({ title, note, head, testId, children }: { title: string; note: string; head: string[]; testId: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm text-slate-800" data-testid={testId}>
          <caption className="mb-2 text-left">
            <span className="block text-sm font-semibold text-slate-900">{title}</span>
            <span className="block text-xs font-normal text-slate-600">{note}</span>
          </caption>
          <thead className="border-b border-slate-300 text-xs text-slate-600">
            <tr>
              {head.map((h, i) => (
                <th key={h} scope="col" className={i < 2 ? "px-2 py-1 text-left" : NUM}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </section>
  );
}

export function DeltaTable({ report }: { report: EvaluationReport }) {
  if (report.deltas.length === 0) return null;
  return (
    <Frame
      testId="delta-table"
      title={`${accuracyLabel(report)} against the baseline, ${report.options.baseline} (percentage points)`}
      note={`Paired patient-clustered bootstrap on the cases predicted in both scopes (${bootstrapLabel(report)}); one-sided p = share of replicates ≤ 0 (small: the scope is better).`}
      head={["Model", "Scope", "n", "Scope", "Baseline", "Difference", "CI", "p"]}
    >
      {report.deltas.map((d) => (
        <tr key={`${d.model}-${d.scope}`} className="border-t border-slate-100">
          <th scope="row" className="px-2 py-1 text-left font-medium">{d.model}</th>
          <td className="px-2 py-1">{d.scope}</td>
          <td className={NUM}>{thousands(d.cases)}</td>
          <td className={NUM}>{pct(d.scopeAccuracy)}</td>
          <td className={NUM}>{pct(d.baselineAccuracy)}</td>
          <td className={`${NUM} font-semibold`}>{signedPp(d.difference?.estimate ?? null)}</td>
          <td className={NUM}>{d.difference ? boundsPp(d.difference) : (d.note ?? MISSING)}</td>
          <td className={NUM}>{pValue(d.pValue)}</td>
        </tr>
      ))}
    </Frame>
  );
}

export function DecisionPointTable({ report }: { report: EvaluationReport }) {
  if (report.decisionPoints.length === 0) return null;
  return (
    <Frame
      testId="dp-table"
      title="First decision point (DP1) against later ones (DP2+)"
      note={`Accuracy (%) at each patient's first decision point and at later ones; difference = DP2+ − DP1 in percentage points with its interval (${bootstrapLabel(report)}); one-sided p = share of replicates ≥ 0 (small: later decision points are harder).`}
      head={["Model", "Scope", "DP1", "n", "DP2+", "n", "Difference", "CI", "p"]}
    >
      {report.decisionPoints.map((p) => (
        <tr key={`${p.model}-${p.scope}`} className="border-t border-slate-100">
          <th scope="row" className="px-2 py-1 text-left font-medium">{p.model}</th>
          <td className="px-2 py-1">{p.scope}</td>
          <td className={NUM}>{pct(p.first.accuracy)}</td>
          <td className={NUM}>{thousands(p.first.total)}</td>
          <td className={NUM}>{pct(p.later.accuracy)}</td>
          <td className={NUM}>{thousands(p.later.total)}</td>
          <td className={`${NUM} font-semibold`}>{signedPp(p.difference?.estimate ?? null)}</td>
          <td className={NUM}>{p.difference ? boundsPp(p.difference) : (p.note ?? MISSING)}</td>
          <td className={NUM}>{pValue(p.pValue)}</td>
        </tr>
      ))}
    </Frame>
  );
}

export function ConversationTable({ report }: { report: EvaluationReport }) {
  if (report.conversations.length === 0) return null;
  return (
    <Frame
      testId="conversation-table"
      title="Multi-turn accuracy (%)"
      note={`Content, Source and Paired (both turns correct) at QA level with half-widths (${bootstrapLabel(report)}); Paired sample mean and share of conversations with every QA correct; cascade gap = Content accuracy after a correct minus after an incorrect previous content answer (pp).`}
      head={["Model", "Scope", "Content", "Source", "Paired", "Sample mean", "All correct", "Cascade gap"]}
    >
      {report.conversations.map((c) => (
        <tr key={`${c.model}-${c.scope}`} className="border-t border-slate-100">
          <th scope="row" className="px-2 py-1 text-left font-medium">{c.model}</th>
          <td className="px-2 py-1">{c.scope}</td>
          <td className={NUM}>{accuracyPm(c.intervals.content)}</td>
          <td className={NUM}>{accuracyPm(c.intervals.source)}</td>
          <td className={`${NUM} font-semibold`}>{accuracyPm(c.intervals.paired)}</td>
          <td className={NUM}>{pct(c.paired.sampleMean)}</td>
          <td className={NUM}>{pct(c.paired.sampleAllCorrect)}</td>
          <td className={NUM}>{signedPp(c.cascade.gap.content)}</td>
        </tr>
      ))}
    </Frame>
  );
}
