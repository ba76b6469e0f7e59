/** Every table and plot of an evaluation report, in reading order. */
import { accuracyLabel, breakdownLabel, findPair, groupValues, inSentence, levelPercent } from "@/lib/evaluation/report-format";
import type { BreakdownEntry, EvaluationReport } from "@/lib/evaluation/report-types";
import { AccuracyChart } from "./accuracy-chart";
import { AccuracyTable } from "./accuracy-table";
import { ConversationTable, DecisionPointTable, DeltaTable } from "./comparison-tables";
import { HeatMap } from "./heat-map";
import { MethodDetails } from "./method-details";

function breakdownMap(report: EvaluationReport, entries: BreakdownEntry[], rowLabel: string, testId: string) {
  if (entries.length === 0) return null;
  const { models, scopes } = report.predictions;
  return (
    <HeatMap
      testId={testId}
      title={`${accuracyLabel(report)} by ${inSentence(rowLabel)} (%)`}
      note={`Each group bootstrapped on its own patients; ${levelPercent(report.options.level)} interval in each cell's tooltip and in the exports.`}
      rowLabel={rowLabel}
      rows={groupValues(entries)}
      models={models}
      scopes={scopes}
      cell={(m, s, r) => {
        const g = findPair(entries, m, s)?.groups.find((x) => x.value === r);
        return g && { accuracy: g.accuracy.estimate, total: g.total, detail: `${levelPercent(report.options.level)} CI ${g.accuracy.lowerPp.toFixed(1)}–${g.accuracy.upperPp.toFixed(1)}` };
      }}
    />
  );
}

function notesMap(report: EvaluationReport) {
  if (report.conversations.length === 0) return null;
  const { models, scopes } = report.predictions;
  const values = [...new Set(report.conversations.flatMap((c) => c.byNumNotes.map((g) => g.numNotes)))].sort((a, b) => a - b);
  return (
    <HeatMap
      testId="notes-heat-map"
      title="Paired QA accuracy by number of notes (%)"
      note="Micro accuracy over the QAs of patients with that many notes."
      rowLabel="Notes"
      rows={values.map(String)}
      models={models}
      scopes={scopes}
      cell={(m, s, r) => {
        const g = findPair(report.conversations, m, s)?.byNumNotes.find((x) => String(x.numNotes) === r);
        return g && { accuracy: g.paired.accuracy, total: g.paired.total };
      }}
    />
  );
}

export function EvaluationResults({ report }: { report: EvaluationReport }) {
  return (
    <div className="space-y-6">
      <AccuracyTable report={report} />
      <AccuracyChart report={report} />
      <DeltaTable report={report} />
      <DecisionPointTable report={report} />
      <ConversationTable report={report} />
      {breakdownMap(report, report.chapters, breakdownLabel(report), "chapter-heat-map")}
      {breakdownMap(report, report.levels, "Evidence level", "level-heat-map")}
      {notesMap(report)}
      <MethodDetails report={report} />
    </div>
  );
}
