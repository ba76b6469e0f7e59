/**
 * The evaluation report as LaTeX tables for a paper (booktabs): accuracy by model × input
 * scope as "estimate ± half-width" (percentage points); each scope against the baseline;
 * DP1 vs DP2+ (decision points) or the conversation metrics; and the breakdowns by chapter
 * (QA category) and evidence level. Names from the files are escaped; minus signs are typeset
 * as $-$. Numbers as in report-format.ts. Deterministic, "\n" line endings, final newline.
 */
import { latexEscape } from "@/lib/reports/export-latex";
import type { BreakdownEntry, EvaluationReport } from "./report-types";
import {
  accuracyLabel,
  itemNoun,
  accuracyPm,
  boundsPp,
  breakdownLabel,
  findPair,
  groupValues,
  inSentence,
  levelPercent,
  MISSING,
  pct,
  pValue,
  signedPp,
  thousands,
} from "./report-format";
import type { PercentileInterval } from "./types";

const DASH = "--";

/** A formatted number or interval: typeset ±, − and <. */
const tex = (s: string) => s.replace(/±/g, "$\\pm$").replace(/−/g, "$-$").replace(/^</, "$<$");
const pm = (i: PercentileInterval | undefined) => (i ? tex(accuracyPm(i)) : DASH);
const ci = (i: PercentileInterval | null) => (i ? tex(boundsPp(i)) : MISSING);
const row = (cells: readonly string[]) => `    ${cells.join(" & ")} \\\\`;

function table(label: string, caption: string, spec: string, head: readonly string[], body: readonly string[]): string[] {
  return [
    "\\begin{table}[htbp]",
    "  \\centering",
    `  \\caption{${caption}}`,
    `  \\label{tab:clinaudit-eval-${label}}`,
    `  \\begin{tabular}{${spec}}`,
    "    \\toprule",
    row(head),
    "    \\midrule",
    ...body,
    "    \\bottomrule",
    "  \\end{tabular}",
    "\\end{table}",
    "",
  ];
}

function ciWords(r: EvaluationReport): string {
  return `${latexEscape(levelPercent(r.options.level))} patient-clustered percentile bootstrap CI (B = ${thousands(r.options.replicates)})`;
}

function accuracyTable(r: EvaluationReport): string[] {
  const { models, scopes } = r.predictions;
  const body = models.map((m) => row([latexEscape(m), ...scopes.map((s) => pm(findPair(r.accuracy, m, s)?.accuracy))]));
  const what = r.kind === "conversations" ? "Paired QA accuracy (content and source turn both correct)" : "Accuracy";
  const n = `${thousands(r.dataset.items)} ${itemNoun(r)}, ${thousands(r.dataset.patients)} patients`;
  const caption = `${what} (\\%) by model and input scope: estimate $\\pm$ half-width of the ${ciWords(r)} in percentage points; ${n}.`;
  return table("accuracy", caption, `l${"c".repeat(scopes.length)}`, ["Model", ...scopes.map(latexEscape)], body);
}

function deltaTable(r: EvaluationReport): string[] {
  if (r.deltas.length === 0) return [];
  const body = r.deltas.map((d) =>
    row([
      latexEscape(d.model),
      latexEscape(d.scope),
      thousands(d.cases),
      tex(signedPp(d.difference?.estimate ?? null)),
      ci(d.difference),
      tex(pValue(d.pValue)),
    ]),
  );
  const caption =
    `${latexEscape(accuracyLabel(r))} of each input scope minus ${latexEscape(r.options.baseline)} (percentage points), paired on the cases predicted in both scopes; ` +
    `${ciWords(r)}; one-sided $p$ = share of replicates $\\leq 0$.`;
  return table(
    "deltas",
    caption,
    "llrrcr",
    ["Model", "Scope", "$n$", "$\\Delta$ (pp)", `${latexEscape(levelPercent(r.options.level))} CI`, "$p$"],
    body,
  );
}

function decisionPointTable(r: EvaluationReport): string[] {
  if (r.decisionPoints.length === 0) return [];
  const body = r.decisionPoints.map((p) =>
    row([
      latexEscape(p.model),
      latexEscape(p.scope),
      pct(p.first.accuracy),
      thousands(p.first.total),
      p.later.total ? pct(p.later.accuracy) : DASH,
      thousands(p.later.total),
      tex(signedPp(p.difference?.estimate ?? null)),
      ci(p.difference),
      tex(pValue(p.pValue)),
    ]),
  );
  const caption =
    `Accuracy (\\%) at each patient's first decision point (DP1) and at later ones (DP2+); $\\Delta$ = DP2+ $-$ DP1 in percentage points with its ${ciWords(r)}; ` +
    "one-sided $p$ for later decision points being less accurate (share of replicates $\\geq 0$).";
  return table(
    "dp",
    caption,
    "llrrrrrcr",
    ["Model", "Scope", "DP1", "$n$", "DP2+", "$n$", "$\\Delta$ (pp)", `${latexEscape(levelPercent(r.options.level))} CI`, "$p$"],
    body,
  );
}

function conversationTable(r: EvaluationReport): string[] {
  if (r.conversations.length === 0) return [];
  const body = r.conversations.map((c) =>
    row([
      latexEscape(c.model),
      latexEscape(c.scope),
      pm(c.intervals.content),
      pm(c.intervals.source),
      pm(c.intervals.paired),
      pct(c.paired.sampleMean),
      pct(c.paired.sampleAllCorrect),
      tex(signedPp(c.cascade.gap.content)),
    ]),
  );
  const caption =
    `Multi-turn accuracy (\\%): Content, Source and Paired at QA level (micro, $\\pm$ half-width of the ${ciWords(r)}); ` +
    "Paired sample mean (macro) and share of conversations with every QA correct; cascade gap = Content accuracy after a correct minus after an incorrect previous content turn (pp).";
  return table(
    "conversations",
    caption,
    "llcccrrr",
    ["Model", "Scope", "Content", "Source", "Paired", "Sample mean", "All correct", "Cascade gap"],
    body,
  );
}

function replyTable(r: EvaluationReport): string[] {
  if (!r.replies) return [];
  const body = r.replies.entries.map((e) =>
    row([latexEscape(e.model), latexEscape(e.scope), latexEscape(e.rule), thousands(e.replies), thousands(e.unparseable)]),
  );
  const caption = `Raw replies read (${latexEscape(r.replies.format)}): the option letter of each reply by the EHRNote-ChatQA rule; a missing, empty or letterless reply is unparseable and scored wrong.`;
  return table("replies", caption, "lllrr", ["Model", "Scope", "Letter rule", "Replies", "Unparseable"], body);
}

function breakdownTable(r: EvaluationReport, entries: readonly BreakdownEntry[], label: string, name: string): string[] {
  // No group at all (EHRNoteQA has no categories): no table rather than an empty one.
  if (groupValues(entries).length === 0) return [];
  const { models, scopes } = r.predictions;
  const body: string[] = [];
  for (const [k, m] of models.entries()) {
    if (k > 0) body.push("    \\midrule");
    body.push(`    \\multicolumn{${scopes.length + 1}}{l}{\\textit{${latexEscape(m)}}} \\\\`);
    for (const v of groupValues(entries)) {
      const cells = scopes.map((s) => pm(findPair(entries, m, s)?.groups.find((g) => g.value === v)?.accuracy));
      body.push(row([latexEscape(v), ...cells]));
    }
  }
  const caption = `${latexEscape(accuracyLabel(r))} (\\%) by ${inSentence(name)} and input scope, per model: estimate $\\pm$ half-width of the ${ciWords(r)}, each group resampling its own patients.`;
  return table(label, caption, `l${"c".repeat(scopes.length)}`, [latexEscape(name), ...scopes.map(latexEscape)], body);
}

export function evaluationLatex(r: EvaluationReport): string {
  const lines = [
    `% ClinAudit model-evaluation tables${r.dataset.name ? ` for ${latexEscape(r.dataset.name)}` : ""}. Needs \\usepackage{booktabs}.`,
    `% Dataset checksum ${r.dataset.checksum}; predictions checksum ${r.predictions.checksum}.`,
    `% B = ${r.options.replicates}, level = ${r.options.level}, baseline = ${latexEscape(r.options.baseline)}; per-pair seeds and streams: the JSON export.`,
    "",
    ...accuracyTable(r),
    ...deltaTable(r),
    ...decisionPointTable(r),
    ...conversationTable(r),
    ...breakdownTable(r, r.chapters, "chapters", breakdownLabel(r)),
    ...breakdownTable(r, r.levels, "levels", "Evidence level"),
    ...replyTable(r),
  ];
  return lines.join("\n");
}
