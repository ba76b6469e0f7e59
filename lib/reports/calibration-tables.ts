/**
 * The calibration round in report.md and report.tex: the paragraph's sentence, then one row per
 * rater — the first round's agreement with the key and Cohen's kappa, how many rounds asked them,
 * and the status of the round that counts (their latest, as the gate reads it). The same numbers
 * as `report.calibration` and calibration.csv; formats as format.ts.
 */
import type { CalibrationRater, CalibrationReport, CalibrationStatus } from "./calibration";
import { calibrationSentence } from "./calibration-sentence";
import { fixed, percent, plural } from "./format";
import { mdTable, mdText } from "./markdown";

const STATUS: Record<CalibrationStatus, string> = { passed: "passed", notPassed: "not passed", inProgress: "in progress" };

/** A rater's row: rater, first round's agreement and kappa, rounds, the counting round and its status. */
function cells(r: CalibrationRater): [string, string, string, string, string] {
  const first = r.rounds[0];
  const finished = first !== undefined && first.status !== "inProgress";
  return [
    r.rater,
    finished ? percent(first.agreement) : "—",
    finished ? fixed(first.kappa) : "—",
    String(r.rounds.length),
    `${STATUS[r.status]} (round ${r.countingRound})`,
  ];
}

const HEADER = ["Rater", "Agreement with the key, round 1", "Cohen's kappa, round 1", "Rounds", "Latest round"];

export function calibrationMarkdown(c: CalibrationReport, auditRaters: readonly string[]): string[] {
  return [
    "",
    "## Calibration",
    "",
    mdText(calibrationSentence(c, auditRaters)),
    "",
    ...mdTable(
      HEADER,
      ["l", "r", "r", "r", "l"],
      c.raters.map((r) => cells(r).map((x, i) => (i === 0 ? mdText(x) : x))),
    ),
  ];
}

export function calibrationLatex(c: CalibrationReport, auditName: string, texEscape: (s: string) => string): string[] {
  const tex = (x: string) => texEscape(x).replace(/^-/, "$-$");
  return [
    "",
    `% ClinAudit calibration round: ${texEscape(auditName)}. Agreement with the answer key and Cohen's kappa at each rater's first round; the status of their latest.`,
    "\\begin{table}[htbp]",
    "  \\centering",
    `  \\caption{${texEscape(`Calibration before rating: ${plural(c.items, "practice case")} (${plural(c.questions, "question")}), pass rule at least ${c.passPercent}% of answers matching the key.`)}}`,
    "  \\label{tab:clinaudit-calibration}",
    "  \\begin{tabular}{lrrrl}",
    "    \\toprule",
    `    ${HEADER.map(texEscape).join(" & ")} \\\\`,
    "    \\midrule",
    ...c.raters.map((r) => `    ${cells(r).map(tex).join(" & ")} \\\\`),
    "    \\bottomrule",
    "  \\end{tabular}",
    "\\end{table}",
  ];
}
