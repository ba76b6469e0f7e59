/**
 * Plain-text rendering of an agreement report for terminals and e-mails: aligned columns, four
 * decimals, "n/a" for undefined values with the reason listed under the table. Pure (no I/O) so
 * the CLI and any export share it.
 */
import { english } from "../i18n/domain";
import type { AgreementReport, DimensionReport } from "./report";
import type { CoefficientResult } from "./types";

const NAMES: Record<keyof DimensionReport["coefficients"], string> = {
  percentAgreement: "Percent agreement",
  gwetAc1: "Gwet's AC1",
  fleissKappa: "Fleiss' kappa",
  krippendorffAlpha: "Krippendorff's alpha",
  congerKappa: "Conger's kappa",
  brennanPrediger: "Brennan-Prediger",
};

function num(x: number | null, digits = 4): string {
  return x === null ? "n/a" : x.toFixed(digits);
}

function pValue(p: number | null): string {
  if (p === null) return "n/a";
  return p < 0.0001 ? "<0.0001" : p.toFixed(4);
}

function percent(x: number | null): string {
  return x === null ? "n/a" : `${(100 * x).toFixed(1)}%`;
}

/** Left-aligns the first column and right-aligns the others. */
function table(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, j) => (widths[j] = Math.max(widths[j] ?? 0, cell.length)));
  return rows.map((row) =>
    row
      .map((cell, j) => (j === 0 ? cell.padEnd(widths[j] ?? 0) : cell.padStart(widths[j] ?? 0)))
      .join("  ")
      .trimEnd(),
  );
}

function coefficientRow(name: string, c: CoefficientResult): string[] {
  const ci = c.ciLower === null || c.ciUpper === null ? "n/a" : `[${num(c.ciLower)}, ${num(c.ciUpper)}]`;
  return [name, num(c.pa), num(c.pe), num(c.coeff), num(c.se), ci, pValue(c.pValue), c.df === null ? "n/a" : String(c.df)];
}

export function formatDimensionReport(r: DimensionReport): string {
  const out: string[] = [];
  const o = r.options;
  const level = `${Number((o.confidenceLevel * 100).toFixed(6))}%`;
  out.push(`Dimension: ${r.dimension ?? "(none)"}`);
  out.push(`Categories: ${r.categories.join(", ")} (${r.categoriesDeclared ? "declared" : "observed only"})`);
  out.push(
    `Items: ${r.items.total} (${r.items.withTwoOrMoreRatings} with 2+ ratings, ${r.items.withOneRating} with one)` +
      `   Raters: ${r.raters.total}   Ratings: ${r.ratings.total}`,
  );
  out.push(
    `Weights: ${o.weights}   Confidence: ${level}   Population: ${o.populationSize ?? "not given"}` +
      `   Tie category: ${o.tieCategory ?? "none"}`,
  );
  out.push("", "Majority vote");
  const majority = r.majority.counts.map((c) => [`  ${c.category}`, String(c.count)]);
  const tieNote = o.tieCategory === null ? "left unlabelled" : `counted as ${o.tieCategory}`;
  majority.push([`  ties (no strict plurality; ${tieNote})`, String(r.majority.ties)]);
  out.push(...table(majority));
  out.push("", `Agreement over the ${r.shares.itemsConsidered} items with 2+ ratings`);
  out.push(
    ...table([
      ["  at least two raters agree", percent(r.shares.atLeastTwoAgree)],
      ["  all raters agree", percent(r.shares.allAgree)],
    ]),
  );
  out.push("");
  const weighted = o.weights !== "unweighted";
  const rows = [["Coefficient", "pa", "pe", "value", "SE", `${level} CI`, "p", "df"]];
  const notes: string[] = [];
  for (const [key, c] of Object.entries(r.coefficients) as [keyof typeof NAMES, CoefficientResult][]) {
    const name = key === "gwetAc1" && weighted ? "Gwet's AC2" : NAMES[key];
    rows.push(coefficientRow(name, c));
    if (c.note) notes.push(`  ${name}: ${english(c.note)}`);
  }
  out.push(...table(rows));
  if (r.pairwiseCohenKappa.length > 0) {
    out.push("", "Cohen's kappa by rater pair (items both rated)");
    const pairs = [["Pair", "items", "pa", "pe", "kappa", "SE", `${level} CI`, "p", "df"]];
    for (const p of r.pairwiseCohenKappa) {
      const name = `${p.raterA} x ${p.raterB}`;
      const [, ...cells] = coefficientRow(name, p);
      pairs.push([name, String(p.items), ...cells]);
      if (p.note) notes.push(`  Cohen's kappa ${name}: ${english(p.note)}`);
    }
    out.push(...table(pairs));
  }
  if (notes.length > 0) out.push("", "Notes", ...notes);
  return out.join("\n");
}

export function formatAgreementReport(report: AgreementReport): string {
  return report.dimensions.map(formatDimensionReport).join("\n\n" + "-".repeat(72) + "\n\n") + "\n";
}
