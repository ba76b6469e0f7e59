/**
 * The coefficient table as LaTeX (booktabs): one row per dimension × coefficient with pa, pe, the
 * value, SE, confidence interval and p-value, the dimension named on the first row of its block.
 * Text from the audit is escaped; minus signs are typeset as $-$. Numbers as in format.ts
 * (3 decimals, p < 0.001 as $<$0.001, "n/a" when undefined). Deterministic, "\n" line endings.
 */
import { calibrationLatex } from "./calibration-tables";
import { fixed, levelPercent, percent, plural, pValue, thousands } from "./format";
import { COEFFICIENT_NAMES, COEFFICIENT_ORDER, type CoefficientKey } from "./labels";
import { revisionPercent } from "../adjudication/revision-summary";
import { revisionLabel, type ReportRevisions } from "./revisions";
import type { AuditReport } from "./types";

const SPECIAL: Record<string, string> = {
  "\\": "\\textbackslash{}",
  "&": "\\&",
  "%": "\\%",
  $: "\\$",
  "#": "\\#",
  _: "\\_",
  "{": "\\{",
  "}": "\\}",
  "~": "\\textasciitilde{}",
  "^": "\\textasciicircum{}",
  "<": "\\textless{}",
  ">": "\\textgreater{}",
};

/** Plain text safe in LaTeX text mode. */
export function latexEscape(s: string): string {
  return s.replace(/[\r\n]+/g, " ").replace(/[\\&%$#_{}~^<>]/g, (c) => SPECIAL[c] ?? c);
}

const NAMES: Record<CoefficientKey, string> = {
  gwetAc1: "Gwet's AC1",
  fleissKappa: "Fleiss' $\\kappa$",
  krippendorffAlpha: "Krippendorff's $\\alpha$",
  congerKappa: "Conger's $\\kappa$",
  brennanPrediger: "Brennan--Prediger",
  percentAgreement: "Percent agreement",
};

/** A formatted number with a typeset minus sign. */
function num(x: number | null): string {
  return fixed(x).replace(/^-/, "$-$");
}

function p(x: number | null): string {
  return pValue(x).replace(/^</, "$<$");
}

export interface LatexOptions {
  /** \label key; default "tab:clinaudit-agreement". */
  label?: string;
  /** Caption text (escaped); default describes the audit. */
  caption?: string;
  /** Coefficients to list, in this order; default all six, AC1 first. */
  coefficients?: readonly CoefficientKey[];
  /** The accepted corrections per kind: a second table, "tab:clinaudit-revisions". */
  revisions?: ReportRevisions;
}

export function reportLatex(report: AuditReport, options: LatexOptions = {}): string {
  const a = report.audit;
  const level = levelPercent(a.confidenceLevel);
  const keys = options.coefficients ?? COEFFICIENT_ORDER;
  const caption =
    options.caption ??
    `Inter-rater agreement in the audit of ${a.datasetName}: ${plural(a.itemsSampled, "sampled item")}, ` +
      `${plural(a.raters.length, "rater")}, ${level} confidence intervals.`;
  const body: string[] = [];
  report.dimensions.forEach((d, i) => {
    if (i > 0) body.push("    \\midrule");
    keys.forEach((k, j) => {
      const c = d.agreement.coefficients[k];
      const ci = c.ciLower === null || c.ciUpper === null ? "n/a" : `[${num(c.ciLower)}, ${num(c.ciUpper)}]`;
      const cells = [j === 0 ? latexEscape(d.label) : "", NAMES[k], num(c.pa), num(c.pe), num(c.coeff), num(c.se), ci, p(c.pValue)];
      body.push(`    ${cells.join(" & ")} \\\\`);
    });
  });
  const lines = [
    `% ClinAudit agreement table: ${latexEscape(a.name)}. Needs \\usepackage{booktabs}.`,
    `% ${keys.map((k) => COEFFICIENT_NAMES[k]).join(", ")}; values to 3 decimals; n/a = not defined for these data.`,
    "\\begin{table}[htbp]",
    "  \\centering",
    `  \\caption{${latexEscape(caption)}}`,
    `  \\label{${options.label ?? "tab:clinaudit-agreement"}}`,
    "  \\begin{tabular}{llrrrrcr}",
    "    \\toprule",
    `    Dimension & Coefficient & $p_a$ & $p_e$ & Value & SE & ${latexEscape(level)} CI & $p$ \\\\`,
    "    \\midrule",
    ...body,
    "    \\bottomrule",
    "  \\end{tabular}",
    "\\end{table}",
  ];
  lines.push(...latentClassTable(report));
  if (options.revisions) lines.push(...revisionsTable(options.revisions, a.name));
  if (report.calibration) lines.push(...calibrationLatex(report.calibration, a.name, latexEscape));
  return lines.join("\n") + "\n";
}

/** Dawid–Skene per dimension with an error category: the estimate, its interval and each rater's sensitivity/specificity. */
function latentClassTable(report: AuditReport): string[] {
  const body: string[] = [];
  const unsettled: string[] = [];
  for (const d of report.dimensions) {
    const lc = d.latentClass;
    if (!lc?.errorRate) continue;
    // Not determined by the ratings (stopped at the cap, or set apart two raters the ratings cannot
    // tell apart): a paper's table leaves them out.
    if (!lc.converged) {
      unsettled.push(`${d.label} (did not converge within ${thousands(lc.iterations)} EM iterations)`);
      continue;
    }
    if (lc.mirrored) {
      unsettled.push(`${d.label} (set apart ${lc.mirrored[0]} and ${lc.mirrored[1]}, whose ratings can trade places)`);
      continue;
    }
    const ci = lc.errorRate.interval;
    const interval = ci ? `${percent(ci.ciLower)}--${percent(ci.ciUpper)}` : "n/a";
    if (body.length > 0) body.push("    \\midrule");
    lc.raters.forEach((r, j) => {
      const head =
        j === 0 ? [latexEscape(d.label), latexEscape(percent(lc.errorRate?.estimate ?? null)), latexEscape(interval)] : ["", "", ""];
      body.push(`    ${[...head, latexEscape(r.rater), num(r.sensitivity), num(r.specificity)].join(" & ")} \\\\`);
    });
  }
  const left =
    unsettled.length === 0 ? [] : [`% Left out, fits whose numbers the ratings do not determine: ${latexEscape(unsettled.join("; "))}.`];
  if (body.length === 0) return left.length ? ["", ...left] : [];
  const level = levelPercent(report.audit.confidenceLevel);
  return [
    "",
    `% ClinAudit latent-class estimates (Dawid-Skene 1979): ${latexEscape(report.audit.name)}. n/a = item-bootstrap interval not yet computed (it is computed in the background).`,
    ...left,
    "\\begin{table}[htbp]",
    "  \\centering",
    `  \\caption{${latexEscape(`Dawid-Skene estimates of the error rate (mean posterior, ${level} item-bootstrap interval) and each rater's sensitivity and specificity for the error category.`)}}`,
    "  \\label{tab:clinaudit-latent-class}",
    "  \\begin{tabular}{lrclrr}",
    "    \\toprule",
    `    Dimension & Error rate & ${latexEscape(level)} CI & Rater & Sensitivity & Specificity \\\\`,
    "    \\midrule",
    ...body,
    "    \\bottomrule",
    "  \\end{tabular}",
    "\\end{table}",
  ];
}

/** The revision summary as the paper prints it: count and share of what was reviewed, per kind. */
function revisionsTable(r: ReportRevisions, auditName: string): string[] {
  return [
    "",
    `% ClinAudit revision summary: ${latexEscape(auditName)}. Accepted corrections per kind, over what was reviewed of that kind.`,
    "\\begin{table}[htbp]",
    "  \\centering",
    `  \\caption{${latexEscape(`Accepted corrections in the audit of ${auditName}: ${plural(r.summary.items, "sampled item")}.`)}}`,
    "  \\label{tab:clinaudit-revisions}",
    "  \\begin{tabular}{lrrr}",
    "    \\toprule",
    "    Revision & Count & Of & Share \\\\",
    "    \\midrule",
    ...r.summary.rows.map(
      (row) => `    ${latexEscape(revisionLabel(r, row))} & ${row.count} & ${row.of} & ${latexEscape(revisionPercent(row.share))} \\\\`,
    ),
    "    \\bottomrule",
    "  \\end{tabular}",
    "\\end{table}",
  ];
}
