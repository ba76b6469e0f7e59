/**
 * The audit paragraph for a paper's appendix, filled from the report: how the sample was drawn, who
 * rated, majority counts and the tie rule, consensus shares, AC1 with its interval beside Fleiss'
 * kappa and Krippendorff's alpha, and the error-rate bound. Formats as format.ts (3 decimals,
 * percentages to 1 decimal, upper bounds rounded up); the minus sign is U+2212 and labels sit in
 * curly quotes, as typeset prose wants. One line of text plus "\n"; deterministic.
 */
import type { CoefficientResult } from "../agreement/types";
import { isCensus } from "../agreement/report";
import { calibrationSentence } from "./calibration-sentence";
import { LATENT_CLASS_REPLICATES } from "../agreement/latent-class";
import { fixed, joinList, levelPercent, numberWord, percent, percentUpper, plural, thousands } from "./format";
import { categoryLabel, tieExample } from "./labels";
import { revisionsSentence, type ReportRevisions } from "./revisions";
import { inTimeUnit, timeUnit } from "./time-on-task";
import type { ShownReport, ShownDimension } from "./types";

export interface AdjudicationSummary {
  /** Disagreement items the panel adjudicated. */
  items: number;
  /** Of those, items whose majority label changed. */
  changedLabels: number;
  /** Items removed from the benchmark as a result. */
  removed: number;
}

export interface ParagraphOptions {
  /** Hook for the adjudication step (to be specified in its own issue); omitted → no sentence. */
  adjudication?: AdjudicationSummary;
  /** The accepted corrections per kind; a sentence once any was accepted. */
  revisions?: ReportRevisions;
}

const q = (s: string) => `“${s}”`;
const num = (x: number | null) => fixed(x).replace(/^-/, "−");
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The sentence the adjudication issue will refine; kept separate so it can change alone. */
export function adjudicationSentence(a: AdjudicationSummary): string {
  return (
    `Disagreements were then adjudicated by discussion: ${plural(a.items, "item")} ${a.items === 1 ? "was" : "were"} reviewed, ` +
    `${plural(a.changedLabels, "majority label")} changed and ${plural(a.removed, "item")} ${a.removed === 1 ? "was" : "were"} removed from the benchmark.`
  );
}

function sampleSentence(r: ShownReport): string {
  const a = r.audit;
  if (a.itemsSampled === 0)
    return `No items have been sampled from ${a.datasetName} yet (planned sample: ${plural(a.sampleSize, "item")}).`;
  const parts = [`We audited a random sample of ${plural(a.itemsSampled, "item")} from ${a.datasetName}`];
  if (a.populationSize !== null) parts.push(` (N = ${thousands(a.populationSize)} items)`);
  parts.push(`, drawn with the fixed seed ${q(a.seed)}`);
  if (a.samplingFrame !== null) parts.push(` from ${a.samplingFrame}`);
  if (a.strata.length > 0) parts.push(` and stratified by ${joinList(a.strata)}`);
  return parts.join("") + ".";
}

/** How the sample grew after it was drawn (only when it was extended). */
export function extensionSentence(r: ShownReport): string | null {
  const steps = r.audit.sampleExtensions ?? [];
  if (steps.length === 0) return null;
  const each = steps.map((e) => `from ${thousands(e.fromSize)} to ${thousands(e.toSize)} items on ${e.date}`);
  const added = steps.reduce((n, e) => n + e.toSize - e.fromSize, 0);
  return (
    `The sample was extended ${joinList(each)} by drawing ${plural(added, "more item")} from the same seeded frame ` +
    `(the seeded draw continued, so the earlier items, their assignments and ratings were kept unchanged).`
  );
}

const STRATUM_NAMES: Record<string, string> = {
  none: "no model disagreeing with the gold answer",
  some: "at most half disagreeing",
  most: "a majority disagreeing",
  unpredicted: "no prediction",
};

/**
 * How a model-guided sample was designed (only for one): the prediction set, the strata with their
 * sizes and samples, and the allocation rule, so a reader can redraw it (docs/stratified-sampling.md).
 */
export function modelDesignSentence(r: ShownReport): string | null {
  const m = r.audit.modelDesign;
  if (!m) return null;
  const rule = m.allocationRule;
  const how =
    rule.rule === "proportional"
      ? "proportionally to their sizes"
      : rule.rule === "neyman"
        ? `by Neyman allocation with prior error rates ${joinList(m.allocation.map((a) => `${percent(rule.priorErrorRates[a.key as keyof typeof rule.priorErrorRates] ?? null)} (${a.key})`))}`
        : `with the strata the models flag weighted ${fixed(rule.factor, 2).replace(/\.?0+$/, "")} times their size`;
  const strata = m.allocation.map((a) => `${STRATUM_NAMES[a.key] ?? a.key} (${thousands(a.allocated)} of ${thousands(a.population)})`);
  return (
    `The sample was stratified by how many models of the prediction set ${q(m.predictionSet.name)} (SHA-256 ${m.predictionSet.checksum.slice(0, 12)}…) ` +
    `disagreed with the gold answer — ${joinList(strata)} — and allocated ${how} ` +
    `(${m.algorithm.name} v${m.algorithm.version}, ${m.algorithm.prng}); the clinicians saw neither the predictions nor the strata.`
  );
}

/** The design-weighted error rate of a model-guided sample and its bound (only for one). */
export function stratifiedSentence(d: ShownDimension): string | null {
  const e = d.stratifiedErrorRate;
  if (!e || d.errorCategory === null) return null;
  const label = q(categoryLabel(d, d.errorCategory));
  if (!e.ok) {
    return `A design-weighted error rate for ${label} needs a verdict in every stratum; ${joinList(e.unrated)} ${e.unrated.length === 1 ? "has" : "have"} none yet.`;
  }
  const b = e.bound;
  if (b.effectiveSampleSize === null) {
    return `Every stratum was reviewed in full, so the benchmark-wide error rate (${label}) is exactly ${percent(b.estimate)}.`;
  }
  return (
    `Weighting each stratum by its share of the benchmark, the error rate (${label}) is estimated at ${percent(b.estimate)}, and with ` +
    `${levelPercent(b.confidenceLevel)} confidence it is at most ${percentUpper(b.upper)} (Korn–Graubard effective-sample-size Clopper–Pearson bound ` +
    `for a stratified sample, effective size ${fixed(b.adjustedEffectiveSampleSize ?? b.effectiveSampleSize, 1)}, with each stratum's finite-population correction); ` +
    `the majority share above is of a sample weighted toward the items the models flag, not of the benchmark.`
  );
}

function raterSentence(r: ShownReport): string {
  const n = r.audit.raters.length;
  if (n === 0) return "No raters have been assigned yet.";
  const dims = r.dimensions.map((d) => d.label);
  const who = `${capitalize(numberWord(n))} ${n === 1 ? "clinician" : "clinicians"} (${joinList(r.audit.raters)})`;
  const on =
    dims.length === 0
      ? ""
      : ` on ${dims.length === 1 ? "one rubric dimension" : `${numberWord(dims.length)} rubric dimensions`} (${joinList(dims)})`;
  // Say "rated" only of raters who did: an open audit must not read as if everyone had finished.
  const active = r.audit.raters.filter((g) => r.dimensions.some((d) => d.raterDistribution.some((x) => x.rater === g && x.total > 0)));
  if (active.length === n) return `${who} rated the items independently${on}.`;
  const sofar = active.length === 0 ? "none has rated yet" : `so far ${joinList(active)} ${active.length === 1 ? "has" : "have"} rated`;
  return `${who} ${n === 1 ? "was" : "were"} assigned to rate the items independently${on}; ${sofar}.`;
}

/** How the queues were ordered (only when the snapshot states it). */
export function orderSentence(r: ShownReport): string | null {
  const rule = r.audit.reviewOrder;
  if (rule === undefined) return null;
  if (rule === null) return "The items were presented to every clinician in sample order.";
  const how = `${rule.algorithm} v${rule.version}, xoshiro256** seeded from the audit seed${rule.mode === "per-rater" ? " and the rater" : ""}`;
  const who =
    rule.mode === "per-rater"
      ? "Each clinician rated the items in their own random order"
      : "All clinicians rated the items in one shared random order";
  return `${who} (${how}), with one patient's decision points always in cutoff order, so that no record was read beyond a decision point's cutoff before that decision point was judged.`;
}

/** The median active time per case (only when measured). */
export function timeSentence(r: ShownReport): string | null {
  const t = r.audit.timeOnTask;
  if (!t || t.measured === 0 || t.medianMinutes === null) return null;
  // One unit for the sentence, chosen by the median: short items read in seconds.
  const unit = timeUnit(t.medianMinutes);
  const m = (x: number | null) => inTimeUnit(x, unit);
  const perRater = t.perRater.filter((p) => p.medianMinutes !== null).map((p) => `${p.rater} ${m(p.medianMinutes)}`);
  return (
    `Active time on task was measured in the browser (page visible and focused, with input in the last minute; idle time excluded): ` +
    `each clinician spent a median of ${m(t.medianMinutes)} ${unit} per case (interquartile range ${m(t.q1Minutes)}–${m(t.q3Minutes)}; ` +
    `${plural(t.measured, "rated case")} measured${perRater.length > 1 ? `; per clinician ${joinList(perRater)}` : ""}).`
  );
}

function interval(c: CoefficientResult, level: string): string {
  return c.ciLower === null || c.ciUpper === null
    ? "no confidence interval: fewer than two items"
    : `${level} CI ${num(c.ciLower)} to ${num(c.ciUpper)}`;
}

function coefficientSentence(d: ShownDimension, level: string): string {
  const { gwetAc1: ac1, fleissKappa: fleiss, krippendorffAlpha: alpha } = d.agreement.coefficients;
  // Only reachable with a one-category rubric (items with 2+ ratings exist): the engine note is for tables, not prose.
  if (ac1.coeff === null) return "Gwet's AC1 is not defined for these ratings (the rubric needs at least two categories).";
  const head = isCensus(d.agreement)
    ? `Gwet's AC1 was ${num(ac1.coeff)} (every item of the benchmark was rated, so the figures have no sampling error: the standard error is 0 by the finite-population correction and no confidence interval applies)`
    : `Gwet's AC1 was ${num(ac1.coeff)} (${interval(ac1, level)})`;
  const kappas: [string, CoefficientResult][] = [
    ["Fleiss' kappa", fleiss],
    ["Krippendorff's alpha", alpha],
  ];
  const missing = kappas.filter(([, c]) => c.coeff === null).map(([name]) => name);
  const shown = kappas.filter(([, c]) => c.coeff !== null).map(([name, c]) => `${name} ${num(c.coeff)}`);
  if (missing.length === 0) return `${head}, ${joinList(shown)}.${d.divergence === null ? "" : ` ${d.divergence}`}`;
  // With AC1 defined, a kappa-type coefficient is undefined only because its chance agreement is 1.
  const why = `${missing.length === 1 ? "is" : "are"} not defined because every rating fell in one category, which makes kappa-type chance agreement 1`;
  return `${head}${shown.length > 0 ? `, ${shown.join(", ")}` : ""}; ${joinList(missing)} ${why}.`;
}

function boundSentence(d: ShownDimension): string | null {
  const b = d.errorRateBound;
  if (b === null || b.sampled === 0) return null;
  const label = q(categoryLabel(d, d.errorCategory));
  const level = levelPercent(b.confidenceLevel);
  const method =
    b.hypergeometricUpper !== null && b.populationSize !== null
      ? { value: b.hypergeometricUpper, text: `hypergeometric bound, N = ${thousands(b.populationSize)}` }
      : { value: b.binomialUpper, text: "one-sided Clopper–Pearson bound" };
  return (
    `The majority vote on ${d.label} was ${label} for ${b.incorrect} of ${plural(b.sampled, "item")} (${percent(b.observedRate)}); ` +
    `with ${level} confidence the benchmark-wide error rate is at most ${percentUpper(method.value)} (${method.text}).`
  );
}

/** The Dawid–Skene estimate beside the majority's bound (only with an error category and ratings). */
export function latentClassSentence(d: ShownDimension): string | null {
  const lc = d.latentClass;
  if (!lc || lc.errorRate === null) return null;
  // Stopped at the cap, the EM had not settled: where it stood depends on the cap (and rounding), so no number of it is printed.
  if (!lc.converged) {
    return (
      `A Dawid–Skene latent-class model did not converge within ${thousands(lc.iterations)} EM iterations, ` +
      `so these ratings do not determine its estimates and none is reported.`
    );
  }
  // The fit with the two raters' places traded is as likely: neither is what the ratings say.
  if (lc.mirrored) {
    return (
      `A Dawid–Skene latent-class model set apart ${lc.mirrored[0]} and ${lc.mirrored[1]}, whose ratings can trade places ` +
      `(each pattern occurs as often as the one with their two ratings swapped), so these ratings do not determine its estimates and none is reported.`
    );
  }
  const ci = lc.errorRate.interval;
  const interval = ci
    ? ` (${levelPercent(ci.level)} item-bootstrap interval ${percent(ci.ciLower)}–${percent(ci.ciUpper)}, ${thousands(ci.replicates)} refits)`
    : ` (its item-bootstrap interval, ${thousands(LATENT_CLASS_REPLICATES)} refits, was not yet computed for these ratings)`;
  return (
    `A Dawid–Skene latent-class model (converged after ${plural(lc.iterations, "EM iteration")}) put the mean probability that an item is ${q(categoryLabel(d, d.errorCategory))} at ${percent(lc.errorRate.estimate)}${interval}; ` +
    `its most probable class differed from the majority label for ${plural(lc.disagreements.length, "item")}.`
  );
}

function dimensionSentences(d: ShownDimension, level: string): string[] {
  const a = d.agreement;
  if (a.items.total === 0) return [`${d.label}: no ratings have been recorded yet.`];
  const counts = a.majority.counts.map((c) => `${c.count} ${q(categoryLabel(d, c.category))}`);
  const tie = q(categoryLabel(d, d.tieCategory));
  const out = [
    `${d.label}: by majority vote the ${plural(a.items.total, "rated item")} ${a.items.total === 1 ? "was" : "were"} labelled ${joinList(counts)}; ` +
      `an item without a strict majority (${tieExample(a.raters.total)}) counted as ${tie} (${plural(a.majority.ties, "item")}).`,
  ];
  const s = a.shares;
  if (s.itemsConsidered === 0 || s.atLeastTwoAgree === null || s.allAgree === null) {
    out.push("No item has two or more ratings, so agreement cannot be assessed yet.");
  } else {
    out.push(
      `At least two raters agreed on ${percent(s.atLeastTwoAgree)} of the ${plural(s.itemsConsidered, "item")} with two or more ratings, ` +
        `and all raters on ${percent(s.allAgree)}.`,
      coefficientSentence(d, level),
    );
  }
  // A model-guided sample is not a simple random one: its bound is the design-weighted one.
  const bound = d.stratifiedErrorRate ? stratifiedSentence(d) : boundSentence(d);
  if (bound !== null) out.push(bound);
  const latent = latentClassSentence(d);
  if (latent !== null) out.push(latent);
  return out;
}

export function paragraph(report: ShownReport, options: ParagraphOptions = {}): string {
  const level = levelPercent(report.audit.confidenceLevel);
  const sentences = [
    sampleSentence(report),
    modelDesignSentence(report),
    extensionSentence(report),
    raterSentence(report),
    report.calibration ? calibrationSentence(report.calibration, report.audit.raters) : null,
    orderSentence(report),
    timeSentence(report),
  ].filter((x): x is string => x !== null);
  if (report.audit.status !== "CLOSED") {
    sentences.push(`The audit is ${report.audit.status === "DRAFT" ? "a draft" : "still open"}, so all figures are provisional.`);
  }
  for (const d of report.dimensions) sentences.push(...dimensionSentences(d, level));
  if (options.adjudication) sentences.push(adjudicationSentence(options.adjudication));
  const revised = options.revisions ? revisionsSentence(options.revisions) : null;
  if (revised !== null) sentences.push(revised);
  return sentences.join(" ") + "\n";
}
