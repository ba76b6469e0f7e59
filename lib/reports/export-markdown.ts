/**
 * The report as GitHub-flavoured Markdown: an audit header, then per dimension the majority counts
 * and shares, consensus shares, the coefficient table (pa, pe, value, SE, CI, p), the error-rate
 * bound, pairwise Cohen's kappa and the chapter/level breakdowns; the calibration round when the
 * audit had one. Number formats are those of format.ts (3 decimals, percentages to 1 decimal,
 * bounds rounded up); full precision is in the JSON report. Deterministic: "\n" line endings, a final newline, nothing run-dependent.
 */
import { calibrationMarkdown } from "./calibration-tables";
import type { ReportFeedback } from "./feedback";
import type { CoefficientResult } from "../agreement/types";
import { english } from "../i18n/domain";
import { LATENT_CLASS_REPLICATES, latentSettled } from "../agreement/latent-class";
import { fixed, joinList, levelPercent, percent, percentUpper, plural, pValue, thousands } from "./format";
import { categoryLabel, COEFFICIENT_NAMES, COEFFICIENT_ORDER, groupLabel, tieExample } from "./labels";
import { mdCode, mdTable as table, mdText } from "./markdown";
import { revisionsMarkdown, type ReportRevisions } from "./revisions";
import type { AuditReport, DimensionAuditReport, GroupAgreement } from "./types";

export { mdText };

function ci(c: { ciLower: number | null; ciUpper: number | null }): string {
  return c.ciLower === null || c.ciUpper === null ? "n/a" : `[${fixed(c.ciLower)}, ${fixed(c.ciUpper)}]`;
}

function header(r: AuditReport): string[] {
  const a = r.audit;
  const sample = [`${plural(a.itemsSampled, "item")} (planned ${thousands(a.sampleSize)})`, `seed ${mdCode(a.seed)}`];
  if (a.samplingFrame !== null) sample.push(`frame: ${mdText(a.samplingFrame)}`);
  sample.push(a.strata.length > 0 ? `stratified by ${a.strata.map(mdText).join(", ")}` : "not stratified");
  return [
    `# Agreement report: ${mdText(a.name)}`,
    "",
    `- **Dataset:** ${mdText(a.datasetName)}`,
    `- **Audit status:** ${a.status}${a.status === "CLOSED" ? "" : " (ratings still coming in: figures are provisional)"}`,
    `- **Sample:** ${sample.join("; ")}`,
    `- **Benchmark size (N):** ${a.populationSize === null ? "not given (no finite-population correction)" : thousands(a.populationSize)}`,
    `- **Raters:** ${a.raters.length}${a.raters.length > 0 ? ` (${a.raters.map(mdText).join(", ")})` : ""}`,
    `- **Confidence level:** ${levelPercent(a.confidenceLevel)}`,
    "",
    "Coefficients, standard errors and interval bounds are given to 3 decimals, p-values to 3 decimals, " +
      "shares as percentages to 1 decimal; upper bounds are rounded up. The JSON report has full precision.",
  ];
}

function majoritySection(d: DimensionAuditReport): string[] {
  const m = d.agreement.majority;
  const total = d.agreement.items.total;
  const share = (n: number) => percent(total === 0 ? null : n / total);
  const rows = m.counts.map((c) => [mdText(categoryLabel(d, c.category)), String(c.count), share(c.count)]);
  rows.push([`*of which ties (counted as ${mdText(categoryLabel(d, d.tieCategory))})*`, String(m.ties), share(m.ties)]);
  return [
    "### Majority vote",
    "",
    `Items without a strict majority (${tieExample(d.agreement.raters.total)}) are counted as ${mdText(categoryLabel(d, d.tieCategory))}. ` +
      `Shares are of the ${plural(total, "item")} with at least one rating.`,
    "",
    ...table(["Category", "Items", "Share"], ["l", "r", "r"], rows),
  ];
}

function consensusSection(d: DimensionAuditReport): string[] {
  const s = d.agreement.shares;
  return [
    "### Consensus",
    "",
    `Over the ${plural(s.itemsConsidered, "item")} with two or more ratings.`,
    "",
    ...table(
      ["Measure", "Share"],
      ["l", "r"],
      [
        ["At least two raters agree", percent(s.atLeastTwoAgree)],
        ["All raters agree", percent(s.allAgree)],
      ],
    ),
  ];
}

function coefficientSection(d: DimensionAuditReport, level: string): string[] {
  const row = (name: string, c: CoefficientResult) => [
    name,
    fixed(c.pa),
    fixed(c.pe),
    fixed(c.coeff),
    fixed(c.se),
    ci(c),
    pValue(c.pValue),
  ];
  const out = [
    "### Coefficients",
    "",
    ...table(
      ["Coefficient", "pa", "pe", "Value", "SE", `${level} CI`, "p"],
      ["l", "r", "r", "r", "r", "r", "r"],
      COEFFICIENT_ORDER.map((k) => row(COEFFICIENT_NAMES[k], d.agreement.coefficients[k])),
    ),
  ];
  if (d.divergence !== null) out.push("", `> ${mdText(d.divergence)}`);
  const notes = COEFFICIENT_ORDER.flatMap((k) => {
    const note = d.agreement.coefficients[k].note;
    return note === null ? [] : [`- ${COEFFICIENT_NAMES[k]}: ${mdText(english(note))}`];
  });
  if (notes.length > 0) out.push("", "Values not defined for these data (n/a):", "", ...notes);
  return out;
}

function boundSection(d: DimensionAuditReport): string[] {
  const b = d.errorRateBound;
  if (b === null) return [];
  const label = mdText(categoryLabel(d, d.errorCategory));
  const level = levelPercent(b.confidenceLevel);
  const lines = [`### Error-rate bound (${label})`, ""];
  if (b.sampled === 0) return [...lines, "No item has a majority label yet: no bound can be given."];
  if (d.stratifiedErrorRate) return [...lines, ...weightedLines(d, b.incorrect, b.sampled, label)];
  lines.push(
    `${b.incorrect} of ${plural(b.sampled, "item")} (${percent(b.observedRate)}) have the majority label ${label}. One-sided ${level} upper bounds on the benchmark-wide rate:`,
    "",
  );
  if (b.hypergeometricUpper !== null && b.populationSize !== null && b.hypergeometricUpperCount !== null) {
    lines.push(
      `- hypergeometric (N = ${thousands(b.populationSize)}): ${percentUpper(b.hypergeometricUpper)} (at most ${thousands(b.hypergeometricUpperCount)} items)`,
    );
  }
  lines.push(`- Clopper-Pearson (binomial): ${percentUpper(b.binomialUpper)}`);
  return lines;
}

/** A model-guided sample: the majority share is of the weighted sample; the bound is the design-weighted one. */
function weightedLines(d: DimensionAuditReport, incorrect: number, sampled: number, label: string): string[] {
  const e = d.stratifiedErrorRate!;
  const head = `${incorrect} of ${plural(sampled, "item")} have the majority label ${label}, in a sample stratified by model disagreement (weighted toward the items the models flag).`;
  if (!e.ok)
    return [head, "", `No design-weighted rate yet: ${joinList(e.unrated)} ${e.unrated.length === 1 ? "has" : "have"} no verdict.`];
  const b = e.bound;
  const rows = e.tallies.map(
    (t) => `| ${mdText(t.key)} | ${thousands(t.population)} | ${thousands(t.rated)} | ${thousands(t.incorrect)} |`,
  );
  return [
    head,
    "",
    "| stratum | N_h | rated | incorrect |",
    "| --- | ---: | ---: | ---: |",
    ...rows,
    "",
    `- design-weighted estimate: ${percent(b.estimate)}`,
    `- one-sided ${levelPercent(b.confidenceLevel)} upper bound (Korn–Graubard, stratified): ${percentUpper(b.upper)}`,
  ];
}

/** How the fit ended, and whether its numbers may be reported. */
function fitLine(lc: NonNullable<DimensionAuditReport["latentClass"]>): string {
  if (!lc.converged) {
    return (
      `${lc.method}. **The fit did not converge**: it stopped at ${thousands(lc.iterations)} iterations still moving, so the numbers below ` +
      `(log-likelihood ${fixed(lc.logLikelihood)}) are where the limit stopped it, not where the ratings lead. Do not report them.`
    );
  }
  const converged = `${lc.method}. The fit converged after ${plural(lc.iterations, "iteration")}; log-likelihood ${fixed(lc.logLikelihood)}.`;
  if (!lc.mirrored) return converged;
  const [a, b] = lc.mirrored.map(mdText);
  return (
    `${converged} **It set apart ${a} and ${b}, whose ratings can trade places** (each pattern occurs as often as the one with their ` +
    `two ratings swapped): the fit with their places traded is as likely, so the ratings do not determine the numbers below. Do not report them.`
  );
}

function latentClassSection(d: DimensionAuditReport): string[] {
  const lc = d.latentClass;
  if (!lc) return [];
  const error = d.errorCategory;
  const lines = ["### Latent-class estimates (Dawid–Skene)", ""];
  lines.push(fitLine(lc));
  if (lc.errorRate && error) {
    const ci = lc.errorRate.interval;
    lines.push(
      "",
      `Mean probability of ${mdText(categoryLabel(d, error))}: ${percent(lc.errorRate.estimate)}` +
        (!latentSettled(lc)
          ? ` (no item-bootstrap interval: ${lc.converged ? "the ratings do not determine the fit" : "the fit did not converge"}).`
          : ci
            ? ` (${levelPercent(ci.level)} percentile interval ${percent(ci.ciLower)}–${percent(ci.ciUpper)}, item bootstrap, ${thousands(ci.replicates)} refits, seed ${mdCode(ci.seed)}, stream ${mdCode(ci.stream)}).`
            : ` (item-bootstrap interval not yet computed: its ${thousands(LATENT_CLASS_REPLICATES)} refits run in the background; download again once the dashboard shows it).`),
    );
  }
  lines.push(
    "",
    ...table(
      ["Rater", "Items", "Sensitivity", "Specificity"],
      ["l", "r", "r", "r"],
      lc.raters.map((r) => [mdText(r.rater), String(r.rated), fixed(r.sensitivity), fixed(r.specificity)]),
    ),
    "",
    `Prior: ${lc.categories.map((c, k) => `${mdText(categoryLabel(d, c))} ${fixed(lc.prior[k] ?? null)}`).join(", ")}. ` +
      `The most probable class differs from the majority label for ${plural(lc.disagreements.length, "item")}` +
      (lc.disagreements.length > 0 ? `: ${lc.disagreements.map((i) => mdText(i.externalId)).join(", ")}.` : "."),
  );
  return lines;
}

function pairwiseSection(d: DimensionAuditReport, level: string): string[] {
  const pairs = d.agreement.pairwiseCohenKappa;
  if (pairs.length === 0) return [];
  const rows = pairs.map((p) => [`${mdText(p.raterA)} × ${mdText(p.raterB)}`, String(p.items), percent(p.pa), fixed(p.coeff), ci(p)]);
  return [
    "### Cohen's kappa by rater pair",
    "",
    ...table(["Pair", "Items", "Raw agreement", "Kappa", `${level} CI`], ["l", "r", "r", "r", "r"], rows),
  ];
}

function groupSection(title: string, column: string, groups: readonly GroupAgreement[], level: string): string[] {
  if (groups.length === 0) return [];
  const rows = groups.map((g) => [
    mdText(groupLabel(g.group)),
    String(g.sampled),
    String(g.rated),
    percent(g.shares.atLeastTwoAgree),
    percent(g.shares.allAgree),
    fixed(g.gwetAc1.coeff),
    ci(g.gwetAc1),
  ]);
  return [
    `### ${title}`,
    "",
    ...table(
      [column, "Sampled", "Rated", "At least two agree", "All agree", "AC1", `${level} CI`],
      ["l", "r", "r", "r", "r", "r", "r"],
      rows,
    ),
  ];
}

function dimensionSection(d: DimensionAuditReport, level: string): string[] {
  const a = d.agreement;
  const sections = [
    majoritySection(d),
    consensusSection(d),
    coefficientSection(d, level),
    boundSection(d),
    latentClassSection(d),
    pairwiseSection(d, level),
    groupSection("By chapter", "Chapter", d.byChapter, level),
    groupSection("By level", "Level", d.byLevel, level),
  ].filter((s) => s.length > 0);
  return [
    `## ${mdText(d.label)}`,
    "",
    `${plural(a.items.total, "item")} rated (${a.items.withTwoOrMoreRatings} with two or more ratings), ${plural(a.ratings.total, "rating")} by ${plural(a.raters.total, "rater")}.`,
    ...sections.flatMap((s) => ["", ...s]),
  ];
}

/** Comments (item, rater, their ratings, when, text) and the items flagged for discussion. */
function feedbackSections(f: ReportFeedback): string[] {
  const lines = ["", "## Comments", ""];
  if (f.comments.length === 0) lines.push("No rater commented.");
  else
    lines.push(
      ...table(
        ["item", "rater", "ratings", "saved", "comment"],
        ["l", "l", "l", "l", "l"],
        f.comments.map((c) => [
          mdText(c.item),
          mdText(c.rater),
          mdText(
            Object.entries(c.ratings)
              .map(([d, v]) => `${d}: ${v ?? "—"}`)
              .join(", "),
          ),
          c.savedAt ?? "—",
          mdText(c.text),
        ]),
      ),
    );
  lines.push("", "## Flagged for discussion", "");
  if (f.flagged.length === 0) lines.push("No item was flagged.");
  else
    lines.push(
      ...table(
        ["item", "flagged by"],
        ["l", "l"],
        f.flagged.map((x) => [mdText(x.item), mdText(x.raters.join(", "))]),
      ),
    );
  return lines;
}

export function reportMarkdown(report: AuditReport, feedback?: ReportFeedback, revisions?: ReportRevisions): string {
  const level = levelPercent(report.audit.confidenceLevel);
  const lines = [...header(report), ...report.dimensions.flatMap((d) => ["", ...dimensionSection(d, level)])];
  if (report.dimensions.length === 0) lines.push("", "The rubric has no dimensions.");
  if (report.calibration) lines.push(...calibrationMarkdown(report.calibration, report.audit.raters));
  if (feedback) lines.push(...feedbackSections(feedback));
  if (revisions) lines.push(...revisionsMarkdown(revisions));
  return lines.join("\n") + "\n";
}
