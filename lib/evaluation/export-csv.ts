/**
 * The evaluation report as long CSV, one row per statistic:
 *   table,model,scope,group,statistic,value
 * `table` is method, accuracy, delta, decision_points, chapter, level, conversation, cascade,
 * notes, and for reply files replies and unparseable; `group` is the baseline (delta), the chapter / level / QA category value, the
 * conversation metric (content, source, paired) or the number of notes. Proportions are
 * written as proportions (0–1) at full precision (the shortest round-trip form, as in the
 * JSON), widths in percentage points (`half_width_pp`); an undefined value is an empty cell.
 * Written by the one CSV writer (lib/csv): numbers as numbers (a negative difference is data,
 * never neutralised), text cells (model, scope, group, notes) neutralised when formula-like;
 * "\n" after every record: the same report gives the same bytes.
 */
import { csvText } from "@/lib/csv";
import type { ConversationMetric, TripleCounts } from "./conversation";
import { english } from "@/lib/i18n/domain";
import type { EvaluationReport, PairKey, ReportNote } from "./report-types";
import type { Counts, PercentileInterval } from "./types";

type Value = string | number | null;
type Row = [table: string, model: string, scope: string, group: string, statistic: string, value: Value];

function interval(i: PercentileInterval): [string, Value][] {
  return [
    ["lower", i.lower],
    ["upper", i.upper],
    ["half_width_pp", i.halfWidthPp],
  ];
}

function countsOf(prefix: string, c: Counts): [string, Value][] {
  return [
    [`${prefix}correct`, c.correct],
    [`${prefix}total`, c.total],
    [`${prefix}accuracy`, c.accuracy],
  ];
}

/** Engine 2's count of replicates without a value, where the entry has one. */
function degenerate(e: { degenerateReplicates?: number }): [string, Value][] {
  return e.degenerateReplicates === undefined ? [] : [["degenerate_replicates", e.degenerateReplicates]];
}

class Rows {
  readonly rows: Row[] = [];
  add(table: string, key: PairKey | null, group: string, stats: [string, Value][]): void {
    for (const [statistic, value] of stats) this.rows.push([table, key?.model ?? "", key?.scope ?? "", group, statistic, value]);
  }
}

function method(out: Rows, r: EvaluationReport): void {
  out.add("method", null, "", [
    ["report_version", r.reportVersion],
    ["kind", r.kind],
    ["dataset_checksum", r.dataset.checksum],
    ["dataset_items", r.dataset.items],
    ["dataset_patients", r.dataset.patients],
    ["predictions_checksum", r.predictions.checksum],
    ["prediction_rows", r.predictions.rows],
    ["baseline", r.options.baseline],
    ["replicates", r.options.replicates],
    ["level", r.options.level],
    ["seed_option", r.options.seed],
    ["prng", r.method.prng],
    ["quantile", r.method.quantile],
    // Engine 2 only (an engine-1 report keeps its earlier bytes).
    ...(r.options.engine
      ? ([
          ["engine", r.options.engine],
          ["draws", r.method.draws ?? null],
        ] as [string, Value][])
      : []),
  ]);
  for (const s of r.method.seeds) out.add("method", s, "", [["seed", s.seed]]);
}

function conversationRows(out: Rows, r: EvaluationReport): void {
  for (const c of r.conversations) {
    for (const kind of ["content", "source", "paired"] as const) {
      const m: ConversationMetric = c[kind];
      out.add("conversation", c, kind, [
        ...countsOf("qa_", m.qa),
        ...interval(c.intervals[kind]),
        ["sample_mean", m.sampleMean],
        ["sample_all_correct", m.sampleAllCorrect],
      ]);
      out.add("cascade", c, kind, [
        ...countsOf("after_correct_", c.cascade.afterCorrect[kind]),
        ...countsOf("after_incorrect_", c.cascade.afterIncorrect[kind]),
        ["gap", c.cascade.gap[kind]],
      ]);
    }
    for (const g of c.byNumNotes) {
      const t: TripleCounts = g;
      out.add("notes", c, String(g.numNotes), [
        ["samples", g.samples],
        ...countsOf("content_", t.content),
        ...countsOf("source_", t.source),
        ...countsOf("paired_", t.paired),
      ]);
    }
  }
}

/** Reply files only: per pair the letter rule and counts, then one row per unparseable reply (group = item, value = turn). */
function replyRows(out: Rows, r: EvaluationReport): void {
  if (!r.replies) return;
  out.add("replies", null, "", [["format", r.replies.format]]);
  for (const e of r.replies.entries) {
    out.add("replies", e, "", [
      ["rule", e.rule],
      ["replies", e.replies],
      ["unparseable", e.unparseable],
    ]);
    for (const c of e.cases) out.add("unparseable", e, c.itemId, [["turn", c.turn]]);
  }
}

/** A note instead of a comparison, in English (the export stays English). */
const noteOf = (note: ReportNote | null): [string, Value][] => (note ? [["note", english({ code: `report.${note}` })]] : []);

export function evaluationCsv(r: EvaluationReport): string {
  const out = new Rows();
  method(out, r);
  for (const a of r.accuracy)
    out.add("accuracy", a, "", [
      ["correct", a.correct],
      ["total", a.total],
      ["patients", a.patients],
      ["accuracy", a.accuracy.estimate],
      ...interval(a.accuracy),
      ...degenerate(a),
    ]);
  for (const d of r.deltas)
    out.add("delta", d, d.baseline, [
      ["cases", d.cases],
      ["patients", d.patients],
      ["scope_accuracy", d.scopeAccuracy],
      ["baseline_accuracy", d.baselineAccuracy],
      ["difference", d.difference?.estimate ?? null],
      ...(d.difference ? interval(d.difference) : []),
      ["p_value", d.pValue],
      ...degenerate(d),
      ...noteOf(d.note),
    ]);
  for (const p of r.decisionPoints)
    out.add("decision_points", p, "", [
      ...countsOf("first_", p.first),
      ...countsOf("later_", p.later),
      ["patients", p.patients],
      ["patients_with_later", p.patientsWithLater],
      ["difference", p.difference?.estimate ?? null],
      ...(p.difference ? interval(p.difference) : []),
      ["p_value", p.pValue],
      ["degenerate_replicates", p.degenerateReplicates],
      ...noteOf(p.note),
    ]);
  const chapterTable = r.kind === "decision-points" ? "chapter" : "qa_category";
  for (const [table, entries] of [
    [chapterTable, r.chapters],
    ["level", r.levels],
  ] as const) {
    for (const b of entries) {
      for (const g of b.groups)
        out.add(table, b, g.value, [
          ["correct", g.correct],
          ["total", g.total],
          ["patients", g.patients],
          ["accuracy", g.accuracy.estimate],
          ...interval(g.accuracy),
          ...degenerate(g),
        ]);
      if (b.missing > 0) out.add(table, b, "", [["missing", b.missing]]);
    }
  }
  conversationRows(out, r);
  replyRows(out, r);
  return csvText([["table", "model", "scope", "group", "statistic", "value"], ...out.rows]);
}
