/**
 * A ratings file → its agreement report, with what was read and what looks wrong: one pipeline for
 * `clinaudit agreement` and the web's agreement tool, so both give the same numbers and warnings.
 * Layout detected (or forced), every rating checked (a category outside the declared ones, a second
 * rating of the same item), categories per dimension from the options, else a package's rubric,
 * else those observed (with a warning), then the report of lib/agreement/report.ts.
 */
import { buildAgreementReport, type AgreementReport, type DimensionReportInput } from "../report";
import type { WeightKind } from "../types";
import { byDimension, ratingWarnings } from "./checks";
import { type Layout, readRatings } from "./input";
import { checkRows, type RatingRow } from "./long";
import { dimensionValues, RatingsFileError, type RatingsMessage } from "./messages";

/** A value for every dimension, and values for named dimensions (`dim=value`), which win. */
export interface PerDimension<T> {
  all: T | null;
  byDimension: Map<string, T>;
}

export function forDimension<T>(option: PerDimension<T>, dimension: string | null): T | null {
  return (dimension === null ? undefined : option.byDimension.get(dimension)) ?? option.all;
}

export const noneForDimension = <T>(): PerDimension<T> => ({ all: null, byDimension: new Map() });

export interface RubricDimension {
  categories: string[];
  tieCategory: string | null;
}

export interface AnalyseOptions {
  layout: Layout | null;
  categories: PerDimension<string[]>;
  tieCategory: PerDimension<string>;
  population: number | null;
  confidence: number;
  weights: WeightKind;
  /** A reproducibility package's rubric (audit.json beside its ratings files), and where it was read. */
  rubric?: { source: string; rubric: Map<string, RubricDimension> } | null;
}

/** The defaults of the command line without options: what the web's tool uses. */
export const DEFAULT_ANALYSE_OPTIONS: AnalyseOptions = {
  layout: null,
  categories: noneForDimension(),
  tieCategory: noneForDimension(),
  population: null,
  confidence: 0.95,
  weights: "unweighted",
};

/** Options that contradict the ratings (the command line's; the web sets none of them). */
export class RatingsOptionError extends Error {}

export interface RatingsAnalysis {
  layout: Layout;
  notes: RatingsMessage[];
  warnings: RatingsMessage[];
  report: AgreementReport;
  inputs: DimensionReportInput[];
}

/** Builds the per-dimension inputs; a population smaller than a dimension's sample is an option error. */
function dimensionInputs(options: AnalyseOptions, rows: readonly RatingRow[], warn: (m: RatingsMessage) => void): DimensionReportInput[] {
  const rubric = options.rubric?.rubric ?? null;
  const inputs: DimensionReportInput[] = [];
  for (const [dimension, group] of byDimension(rows)) {
    const where = dimension === null ? "" : ` for dimension "${dimension}"`;
    const fromRubric = dimension === null ? undefined : rubric?.get(dimension);
    const declared = forDimension(options.categories, dimension) ?? fromRubric?.categories ?? null;
    const categories = [...(declared ?? [...new Set(group.map((r) => r.category))])];
    const explicitTie = forDimension(options.tieCategory, dimension);
    // An explicit tie category is a rubric category even when nobody happened to choose it.
    if (explicitTie !== null && !categories.includes(explicitTie)) {
      if (declared) throw new RatingsOptionError(`--tie-category "${explicitTie}" is not among --categories${where}`);
      categories.push(explicitTie);
    }
    const tieCategory = explicitTie ?? fromRubric?.tieCategory ?? categories.find((c) => c.toLowerCase() === "uncertain") ?? null;
    const items = new Set(group.map((r) => r.item)).size;
    if (options.population !== null && options.population < items) {
      throw new RatingsOptionError(
        `--population ${options.population}: smaller than the ${items} items rated${where.replace(" for", " of")}`,
      );
    }
    if (!declared) warn({ code: "categoriesObserved", values: { ...dimensionValues(dimension), categories: categories.join(", ") } });
    inputs.push({
      dimension,
      ratings: group,
      categories,
      categoriesDeclared: declared !== null,
      tieCategory,
      weights: options.weights,
      populationSize: options.population ?? Infinity,
      confidenceLevel: options.confidence,
    });
  }
  return inputs;
}

/**
 * Reads `text` (named `file`: a package's ratings-wide-<dim>.csv names its dimension) and computes
 * its report. Throws RatingsFileError (located) or RatingsOptionError.
 */
export function analyseRatings(text: string, file: string, options: AnalyseOptions): RatingsAnalysis {
  const input = readRatings(text, file, options.layout);
  if (input.rows.length === 0) throw new RatingsFileError(1, null, input.layout === "label-studio" ? "noChoices" : "noRatings");
  const rubric = options.rubric?.rubric ?? null;
  checkRows(input.rows, (d) => forDimension(options.categories, d) ?? (d === null ? null : (rubric?.get(d)?.categories ?? null)));
  const notes = [...input.notes];
  if (input.layout !== "long") notes.unshift({ code: "readAs", values: { layout: input.layout } });
  if (options.rubric) notes.push({ code: "packageRubric", values: { source: options.rubric.source } });
  const warnings: RatingsMessage[] = [];
  const inputs = dimensionInputs(options, input.rows, (w) => warnings.push(w));
  warnings.push(...ratingWarnings(input.rows));
  return { layout: input.layout, notes, warnings, report: buildAgreementReport(inputs), inputs };
}
