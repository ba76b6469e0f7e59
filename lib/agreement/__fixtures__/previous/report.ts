// The agreement engine as it was before the typed-array tally (commit 41b491a), kept unchanged
// as the oracle of typed-engine.test.ts: the new engine must give the same numbers.
/**
 * The agreement report: everything the CLI's --json prints and the dashboard shows, built from
 * long-format ratings. Its keys are a contract documented key by key in README.md; add keys, never
 * rename or remove them without bumping REPORT_VERSION. Numbers are full precision; undefined
 * values are null (never NaN or Infinity, which JSON cannot carry).
 */
import { agreementShares, type AgreementShares } from "./agreement-shares";
import { brennanPrediger } from "./brennan-prediger";
import { pairwiseCohenKappa } from "./cohen-kappa";
import { congerKappa } from "./conger-kappa";
import { fleissKappa } from "./fleiss-kappa";
import { gwetAc1 } from "./gwet-ac";
import { krippendorffAlpha } from "./krippendorff-alpha";
import { toRatingsTable, type LongRating } from "../../long-format";
import { majorityVote } from "./majority-vote";
import { percentAgreement } from "./percent-agreement";
import type { CoefficientOptions, CoefficientResult, WeightKind } from "../../types";

export const REPORT_VERSION = 1;

export interface DimensionReportInput {
  /** Rubric dimension the ratings belong to (null when the ratings have no dimension). */
  dimension?: string | null;
  ratings: readonly LongRating[];
  /** The rubric's declared categories, in rubric order. */
  categories: readonly string[];
  /** False when the categories were only inferred from the ratings (reported, as it changes AC1). */
  categoriesDeclared?: boolean;
  /** Label given to items without a strict plurality; null leaves them unlabelled. */
  tieCategory?: string | null;
  weights?: WeightKind;
  populationSize?: number;
  confidenceLevel?: number;
}

export interface CategoryCount {
  category: string;
  count: number;
}

export interface DimensionReport {
  dimension: string | null;
  categories: string[];
  categoriesDeclared: boolean;
  options: { weights: WeightKind; populationSize: number | null; confidenceLevel: number; tieCategory: string | null };
  items: { total: number; withTwoOrMoreRatings: number; withOneRating: number };
  raters: { total: number; ids: string[] };
  ratings: { total: number; perRater: { rater: string; count: number }[]; perCategory: CategoryCount[] };
  majority: {
    counts: CategoryCount[];
    ties: number;
    perItem: { item: string; label: string | null; tied: boolean }[];
  };
  shares: AgreementShares;
  coefficients: {
    percentAgreement: CoefficientResult;
    gwetAc1: CoefficientResult;
    fleissKappa: CoefficientResult;
    krippendorffAlpha: CoefficientResult;
    congerKappa: CoefficientResult;
    brennanPrediger: CoefficientResult;
  };
  pairwiseCohenKappa: ({ raterA: string; raterB: string; items: number } & CoefficientResult)[];
}

export interface AgreementReport {
  reportVersion: number;
  dimensions: DimensionReport[];
}

export function buildDimensionReport(input: DimensionReportInput): DimensionReport {
  const categories = [...input.categories];
  const q = categories.length;
  const tieCategory = input.tieCategory ?? null;
  const tieIndex = tieCategory === null ? null : categories.indexOf(tieCategory);
  if (tieIndex === -1) throw new RangeError(`tie category "${tieCategory}" is not a declared category`);
  const options: CoefficientOptions = {
    weights: input.weights ?? "unweighted",
    populationSize: input.populationSize ?? Infinity,
    confidenceLevel: input.confidenceLevel ?? 0.95,
  };
  const { items, raters, matrix } = toRatingsTable(input.ratings, categories);
  const rated = matrix.map((row) => row.filter((x) => x !== null).length);
  const majority = majorityVote(matrix, q, tieIndex);
  const label = (k: number | null) => (k === null ? null : (categories[k] ?? null));
  const perCategory = categories.map((category, k) => ({
    category,
    count: matrix.reduce((s, row) => s + row.filter((x) => x === k).length, 0),
  }));
  return {
    dimension: input.dimension ?? null,
    categories,
    categoriesDeclared: input.categoriesDeclared ?? true,
    options: {
      weights: options.weights ?? "unweighted",
      populationSize: options.populationSize === Infinity ? null : (options.populationSize ?? null),
      confidenceLevel: options.confidenceLevel ?? 0.95,
      tieCategory,
    },
    items: {
      total: items.length,
      withTwoOrMoreRatings: rated.filter((x) => x >= 2).length,
      withOneRating: rated.filter((x) => x === 1).length,
    },
    raters: { total: raters.length, ids: raters },
    ratings: {
      total: rated.reduce((a, b) => a + b, 0),
      perRater: raters.map((rater, g) => ({ rater, count: matrix.filter((row) => row[g] !== null).length })),
      perCategory,
    },
    majority: {
      counts: categories.map((category, k) => ({ category, count: majority.counts[k] ?? 0 })),
      ties: majority.ties,
      perItem: items.map((item, i) => ({
        item,
        label: label(majority.labels[i] ?? null),
        tied: majority.tied[i] ?? false,
      })),
    },
    shares: agreementShares(matrix, q),
    coefficients: {
      percentAgreement: percentAgreement(matrix, q, options),
      gwetAc1: gwetAc1(matrix, q, options),
      fleissKappa: fleissKappa(matrix, q, options),
      krippendorffAlpha: krippendorffAlpha(matrix, q, options),
      congerKappa: congerKappa(matrix, q, options),
      brennanPrediger: brennanPrediger(matrix, q, options),
    },
    pairwiseCohenKappa: pairwiseCohenKappa(matrix, q, options).map((c) => ({
      raterA: raters[c.raterA] ?? "",
      raterB: raters[c.raterB] ?? "",
      items: c.items,
      pa: c.pa,
      pe: c.pe,
      coeff: c.coeff,
      se: c.se,
      ciLower: c.ciLower,
      ciUpper: c.ciUpper,
      pValue: c.pValue,
      df: c.df,
      note: c.note,
    })),
  };
}

/** One report per dimension, in the order given (the CLI passes order of first appearance). */
export function buildAgreementReport(dimensions: readonly DimensionReportInput[]): AgreementReport {
  return { reportVersion: REPORT_VERSION, dimensions: dimensions.map(buildDimensionReport) };
}
