/**
 * How evaluation numbers read on the page, in the text output and in LaTeX: accuracies in
 * percent with one decimal, intervals as "± half-width" in percentage points with the
 * percentile bounds beside them, differences signed, p-values to three decimals. Built on
 * lib/reports/format (Number.prototype.toFixed, never locale-dependent).
 */
import { fixed, levelPercent, MISSING, pValue, thousands } from "@/lib/reports/format";
import type { BreakdownEntry, EvaluationReport, PairKey } from "./report-types";
import type { PercentileInterval } from "./types";

export { levelPercent, MISSING, pValue, thousands };

/** 0.7133 → "71.3". */
export function pct(x: number | null): string {
  return x === null ? MISSING : fixed(100 * x, 1);
}

/** Accuracy with its half-width: "71.3 ± 2.9". */
export function accuracyPm(i: PercentileInterval): string {
  return `${fixed(i.estimatePp, 1)} ± ${fixed(i.halfWidthPp, 1)}`;
}

/** One decimal with a typographic minus: "−16.7". */
function oneDecimal(x: number): string {
  return fixed(x, 1).replace(/^-/, "−");
}

/** The percentile bounds in percent (or percentage points): "[68.4, 74.2]", "[−3.1, 0.4]". */
export function boundsPp(i: PercentileInterval): string {
  return `[${oneDecimal(i.lowerPp)}, ${oneDecimal(i.upperPp)}]`;
}

/** A difference in percentage points with its sign: "+3.2", "−1.0", "0.0". */
export function signedPp(x: number | null): string {
  if (x === null) return MISSING;
  const s = oneDecimal(100 * x);
  return s.startsWith("−") || s === "0.0" ? s : `+${s}`;
}

/** "B = 10,000, 95% CI". */
export function bootstrapLabel(report: EvaluationReport): string {
  return `B = ${thousands(report.options.replicates)}, ${levelPercent(report.options.level)} CI`;
}

export function findPair<T extends PairKey>(entries: readonly T[], model: string, scope: string): T | undefined {
  return entries.find((e) => e.model === model && e.scope === scope);
}

/** The groups of a breakdown in the order they first appear across pairs (each pair lists them sorted). */
export function groupValues(entries: readonly BreakdownEntry[]): string[] {
  const values: string[] = [];
  for (const e of entries) for (const g of e.groups) if (!values.includes(g.value)) values.push(g.value);
  return values.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Headline name of the accuracy: items for decision points, Paired QAs for conversations. */
export function accuracyLabel(report: EvaluationReport): string {
  return report.kind === "conversations" ? "Paired QA accuracy" : "Accuracy";
}

/** A label inside a sentence: "Chapter" → "chapter", but "QA category" stays. */
export function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

export function breakdownLabel(report: EvaluationReport): string {
  return report.kind === "decision-points" ? "Chapter" : "QA category";
}

/** What a dataset item is in sentences: an MCQ item, a conversation, or a single question. */
export function itemNoun(report: EvaluationReport): string {
  return report.kind === "conversations" ? "conversations" : report.kind === "single-turn" ? "questions" : "items";
}

/** "I1, 900001:q1 turn 1, …": the first `max` unparseable replies of an entry. */
export function replyCases(cases: readonly { itemId: string; turn: number }[], max = 10): string {
  const shown = cases.slice(0, max).map((c) => (c.turn ? `${c.itemId} turn ${c.turn}` : c.itemId));
  return cases.length > max ? `${shown.join(", ")}, … (${cases.length - max} more)` : shown.join(", ");
}
