/**
 * The agreement report: everything the CLI's --json prints and the dashboard shows, built from
 * long-format ratings. Its keys are a contract documented key by key in README.md; add keys, never
 * rename or remove them without bumping REPORT_VERSION. Numbers are full precision; undefined
 * values are null (never NaN or Infinity, which JSON cannot carry).
 */
import { agreementSharesOf, type AgreementShares } from "./agreement-shares";
import { brennanPredigerOf } from "./brennan-prediger";
import { pairwiseCohenKappaOf } from "./cohen-kappa";
import { congerKappaOf } from "./conger-kappa";
import { fleissKappaOf } from "./fleiss-kappa";
import { gwetAc1Of } from "./gwet-ac";
import { krippendorffAlphaOf } from "./krippendorff-alpha";
import { tallyLong, type LongRating } from "./long-format";
import { majorityVoteOf } from "./majority-vote";
import { percentAgreementOf } from "./percent-agreement";
import type { CoefficientOptions, CoefficientResult, WeightKind } from "./types";

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

/** The input's categories, tie category and options checked and filled in, and its ratings tallied. */
function prepare(input: DimensionReportInput) {
  const categories = [...input.categories];
  const tieCategory = input.tieCategory ?? null;
  const tieIndex = tieCategory === null ? null : categories.indexOf(tieCategory);
  if (tieIndex === -1) throw new RangeError(`tie category "${tieCategory}" is not a declared category`);
  const options: CoefficientOptions = {
    weights: input.weights ?? "unweighted",
    populationSize: input.populationSize ?? Infinity,
    confidenceLevel: input.confidenceLevel ?? 0.95,
  };
  // One pass into the typed tally that every statistic shares.
  return { categories, tieCategory, tieIndex, options, ...tallyLong(input.ratings, categories) };
}

/** What a part of a dimension's ratings is judged by (a chapter, a window of the timeline). */
export interface AgreementSummary {
  /** Items with at least one rating. */
  items: number;
  shares: AgreementShares;
  percentAgreement: CoefficientResult;
  gwetAc1: CoefficientResult;
}

/**
 * The same figures as buildDimensionReport's `items.total`, `shares`, `percentAgreement` and
 * `gwetAc1` for this input, computed alone: a report computes them for every chapter, level and
 * window of every dimension, where the rest of a dimension report (its other coefficients, pairwise
 * kappas and per-item majority) would be thrown away.
 */
export function agreementSummary(input: DimensionReportInput): AgreementSummary {
  const { options, items, tally } = prepare(input);
  return {
    items: items.length,
    shares: agreementSharesOf(tally),
    percentAgreement: percentAgreementOf(tally, options),
    gwetAc1: gwetAc1Of(tally, options),
  };
}

export function buildDimensionReport(input: DimensionReportInput): DimensionReport {
  const { categories, tieCategory, tieIndex, options, items, raters, tally } = prepare(input);
  const q = categories.length;
  const { codes, counts, ri } = tally;
  const r = raters.length;
  const majority = majorityVoteOf(tally, tieIndex);
  const label = (k: number | null) => (k === null ? null : (categories[k] ?? null));
  const perCategory = categories.map((category, k) => {
    let count = 0;
    for (let i = 0; i < tally.rows; i++) count += counts[i * q + k] as number;
    return { category, count };
  });
  const perRater = raters.map((rater, g) => {
    let count = 0;
    for (let i = 0; i < tally.rows; i++) if ((codes[i * r + g] as number) >= 0) count++;
    return { rater, count };
  });
  let total = 0;
  let withOne = 0;
  for (let i = 0; i < tally.rows; i++) {
    total += ri[i] as number;
    if (ri[i] === 1) withOne++;
  }
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
    items: { total: items.length, withTwoOrMoreRatings: tally.n2, withOneRating: withOne },
    raters: { total: raters.length, ids: raters },
    ratings: { total, perRater, perCategory },
    majority: {
      counts: categories.map((category, k) => ({ category, count: majority.counts[k] ?? 0 })),
      ties: majority.ties,
      perItem: items.map((item, i) => ({
        item,
        label: label(majority.labels[i] ?? null),
        tied: majority.tied[i] ?? false,
      })),
    },
    shares: agreementSharesOf(tally),
    coefficients: {
      percentAgreement: percentAgreementOf(tally, options),
      gwetAc1: gwetAc1Of(tally, options),
      fleissKappa: fleissKappaOf(tally, options),
      krippendorffAlpha: krippendorffAlphaOf(tally, options),
      congerKappa: congerKappaOf(tally, options),
      brennanPrediger: brennanPredigerOf(tally, options),
    },
    pairwiseCohenKappa: pairwiseCohenKappaOf(tally, options).map((c) => ({
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

/**
 * A census: every item of the benchmark was rated (n = N), so the finite-population correction
 * makes every coefficient's standard error 0 — the figures describe the benchmark itself, with no
 * sampling error, and a confidence interval or p-value says nothing. Reports say so in words.
 */
export function isCensus(d: Pick<DimensionReport, "items" | "options">): boolean {
  return d.options.populationSize !== null && d.items.total >= d.options.populationSize;
}
