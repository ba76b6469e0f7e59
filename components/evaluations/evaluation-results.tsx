/** Every table and plot of an evaluation report, in reading order. */
import { useFormatter, useTranslations } from "@/lib/i18n/server";
import { findPair, groupValues, levelPercent, pct } from "@/lib/evaluation/report-format";
import type { BreakdownEntry, EvaluationReport } from "@/lib/evaluation/report-types";
import { AccuracyChart } from "./accuracy-chart";
import { AccuracyTable } from "./accuracy-table";
import { ConversationTable, DecisionPointTable, DeltaTable } from "./comparison-tables";
import { HeatMap } from "./heat-map";
import { accuracyName } from "./labels";
import { MethodDetails } from "./method-details";
import { RepliesTable } from "./replies-table";

type Dimension = "chapter" | "qaCategory" | "level";
const TITLE = { chapter: "byChapter", qaCategory: "byQaCategory", level: "byLevel" } as const;

function BreakdownMap({
  report,
  entries,
  dimension,
  testId,
}: {
  report: EvaluationReport;
  entries: BreakdownEntry[];
  dimension: Dimension;
  testId: string;
}) {
  const t = useTranslations("evaluation.heatMap");
  const l = useTranslations("evaluation.labels");
  const format = useFormatter();
  if (groupValues(entries).length === 0) return null;
  const level = levelPercent(report.options.level);
  return (
    <HeatMap
      testId={testId}
      title={t(TITLE[dimension], { what: accuracyName(l, report) })}
      note={t("note", { level })}
      rowLabel={l(dimension)}
      rows={groupValues(entries)}
      models={report.predictions.models}
      scopes={report.predictions.scopes}
      count={(n) => format.number(n)}
      cell={(model, scope, group) => {
        const g = findPair(entries, model, scope)?.groups.find((x) => x.value === group);
        if (!g) return undefined;
        const interval = t("interval", { level, lower: g.accuracy.lowerPp.toFixed(1), upper: g.accuracy.upperPp.toFixed(1) });
        const title = `${t("cellTitle", { model, scope, group, accuracy: pct(g.accuracy.estimate), n: format.number(g.total) })} · ${interval}`;
        return { accuracy: g.accuracy.estimate, total: g.total, title };
      }}
    />
  );
}

function NotesMap({ report }: { report: EvaluationReport }) {
  const t = useTranslations("evaluation.heatMap");
  const l = useTranslations("evaluation.labels");
  const format = useFormatter();
  if (report.conversations.length === 0) return null;
  const values = [...new Set(report.conversations.flatMap((c) => c.byNumNotes.map((g) => g.numNotes)))].sort((a, b) => a - b);
  return (
    <HeatMap
      testId="notes-heat-map"
      title={t("byNotes")}
      note={t("notesNote")}
      rowLabel={l("notes")}
      rows={values.map(String)}
      models={report.predictions.models}
      scopes={report.predictions.scopes}
      count={(n) => format.number(n)}
      cell={(model, scope, group) => {
        const g = findPair(report.conversations, model, scope)?.byNumNotes.find((x) => String(x.numNotes) === group);
        if (!g) return undefined;
        return {
          accuracy: g.paired.accuracy,
          total: g.paired.total,
          title: t("cellTitle", { model, scope, group, accuracy: pct(g.paired.accuracy), n: format.number(g.paired.total) }),
        };
      }}
    />
  );
}

export function EvaluationResults({ report }: { report: EvaluationReport }) {
  return (
    <div className="space-y-6">
      <AccuracyTable report={report} />
      <RepliesTable report={report} />
      <AccuracyChart report={report} />
      <DeltaTable report={report} />
      <DecisionPointTable report={report} />
      <ConversationTable report={report} />
      <BreakdownMap
        report={report}
        entries={report.chapters}
        dimension={report.kind === "decision-points" ? "chapter" : "qaCategory"}
        testId="chapter-heat-map"
      />
      <BreakdownMap report={report} entries={report.levels} dimension="level" testId="level-heat-map" />
      <NotesMap report={report} />
      <MethodDetails report={report} />
    </div>
  );
}
