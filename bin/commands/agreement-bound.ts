/**
 * `clinaudit agreement --error-category …`: the exact one-sided upper bound on the benchmark-wide
 * error rate, per dimension, from the majority labels — the same x and n as the dashboard's
 * (lib/reports/compute.ts): x = items whose majority label is the error category, n = items with
 * at least one rating; Clopper–Pearson, and hypergeometric when --population gives N.
 */
import { errorRateBound, type ErrorRateBound } from "../../lib/agreement/error-rate-bound";
import type { AgreementReport, DimensionReport } from "../../lib/agreement/report";

/** `incorrect` (every dimension that has it) or `gold=incorrect,question=unreasonable`. */
export type ErrorCategorySpec = { all: string } | { byDimension: Map<string, string> };

export interface DimensionBound extends ErrorRateBound {
  dimension: string | null;
  category: string;
}

export function parseErrorCategory(raw: string): ErrorCategorySpec {
  const parts = raw.split(",").map((p) => p.trim());
  if (parts.some((p) => p === "")) throw new Error(`--error-category "${raw}": empty category name`);
  if (!parts.some((p) => p.includes("="))) {
    if (parts.length > 1) throw new Error(`--error-category "${raw}": name one category, or pairs dimension=category`);
    return { all: parts[0]! };
  }
  const byDimension = new Map<string, string>();
  for (const part of parts) {
    const eq = part.indexOf("=");
    const dimension = part.slice(0, eq).trim();
    const category = part.slice(eq + 1).trim();
    if (eq < 0 || !dimension || !category) throw new Error(`--error-category "${part}": expected dimension=category`);
    if (byDimension.has(dimension)) throw new Error(`--error-category: dimension "${dimension}" named twice`);
    byDimension.set(dimension, category);
  }
  return { byDimension };
}

function categoryFor(spec: ErrorCategorySpec, r: DimensionReport): string | null {
  if ("all" in spec) return spec.all;
  return r.dimension === null ? null : (spec.byDimension.get(r.dimension) ?? null);
}

/**
 * One bound per dimension that has the error category among its categories. A category that no
 * dimension has, or a dimension=category pair naming an unknown dimension or category, is an error:
 * a typo must not silently print "0 errors".
 */
export function errorRateBounds(report: AgreementReport, spec: ErrorCategorySpec): DimensionBound[] {
  if ("byDimension" in spec) {
    for (const [dimension, category] of spec.byDimension) {
      const r = report.dimensions.find((d) => d.dimension === dimension);
      if (!r) throw new Error(`--error-category: no dimension "${dimension}" in the ratings`);
      if (!r.categories.includes(category))
        throw new Error(`--error-category: "${category}" is not a category of dimension "${dimension}" (${r.categories.join(", ")})`);
    }
  }
  const bounds: DimensionBound[] = [];
  for (const r of report.dimensions) {
    const category = categoryFor(spec, r);
    if (category === null || !r.categories.includes(category)) continue;
    const x = r.majority.counts.find((c) => c.category === category)?.count ?? 0;
    const bound = errorRateBound(x, r.items.total, {
      populationSize: r.options.populationSize ?? undefined,
      confidenceLevel: r.options.confidenceLevel,
    });
    bounds.push({ dimension: r.dimension, category, ...bound });
  }
  if ("all" in spec && bounds.length === 0) {
    throw new Error(
      `--error-category: "${spec.all}" is not a category of any dimension (${[...new Set(report.dimensions.flatMap((d) => d.categories))].join(", ")})`,
    );
  }
  return bounds;
}

const pct = (x: number) => `${(100 * x).toFixed(2)}%`;

export function formatErrorRateBounds(bounds: readonly DimensionBound[]): string {
  const out: string[] = [];
  for (const b of bounds) {
    const level = `${Number((b.confidenceLevel * 100).toFixed(6))}%`;
    out.push(`Error-rate bound: dimension ${b.dimension ?? "(none)"}, error category "${b.category}"`);
    out.push(
      `  majority "${b.category}": ${b.incorrect} of ${b.sampled} items${b.observedRate === null ? "" : ` (${pct(b.observedRate)})`}`,
    );
    out.push(`  one-sided ${level} upper bound, Clopper-Pearson (binomial): ${pct(b.binomialUpper)} (${b.binomialUpper.toPrecision(6)})`);
    if (b.hypergeometricUpperCount !== null && b.populationSize !== null) {
      out.push(
        `  one-sided ${level} upper bound, hypergeometric (N = ${b.populationSize}): ` +
          `${b.hypergeometricUpperCount} of ${b.populationSize} items, ${pct(b.hypergeometricUpper ?? 0)}`,
      );
    } else {
      out.push("  hypergeometric bound: give --population N (the benchmark size)");
    }
    out.push("");
  }
  return out.join("\n");
}
