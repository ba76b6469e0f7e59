/**
 * The README.md inside a reproducibility package: what each file is and how to rerun the numbers.
 * Names come from users: escaped as in report.md, so a name cannot add a heading, link or HTML.
 */
import { mdCode, mdText } from "../markdown";
import type { AuditSnapshot, ModelDesignSummary } from "../types";

const ABOUT: Record<string, string> = {
  "README.md": "this file",
  "audit.json":
    "how the sample was drawn and rated: dataset checksum, frame size and checksum, seed, sampling and ordering algorithms with their versions, strata and allocation, rubric with declared categories, assignment plan, time on task",
  "ratings-long.csv": "every rating: dimension, item, rater, category (raters are R1…Rn)",
  "majority-labels.csv": "per item and dimension: majority label, tie flag, votes per category",
  "adjudication.csv": "final labels: majority against the adjudicated label, with the adjudicator's reason",
  "comments.csv": "raters' comments with the time of their last save and the rater's own ratings",
  "time-on-task.csv": "measured active seconds and discussion flags per item and rater",
  "latent-class.csv":
    "per rated item and dimension: the majority label, the Dawid-Skene most probable class and the posterior per category; the scripts refit the model from ratings-long.csv",
  "latent-class-replicates.csv":
    "per dimension, the B = 10,000 item-bootstrap replicates of the latent-class error rate (report.json's errorRate.interval), once computed; the scripts recompute the first ones exactly and the interval from all",
  "rating-times.csv":
    "per rating (the rows of ratings-long.csv): when it was last given, the item's place in that rater's queue and their active milliseconds; the agreement-over-time windows and each rater's median time per case (rater quality) are recomputed from it",
  "revisions.csv":
    "the revision summary: accepted corrections per kind (questions, gold answers, distractors, evidence or sources, removed items), count and share of what was reviewed",
  "calibration.csv":
    "the calibration round: each rater's answer to each question of each practice item in each round that asked them, beside the key, with the answer's active milliseconds; the scripts check it against audit.json's `calibration` and recompute each rater's agreement with the key, Cohen's kappa against it, the pass rule's verdict and the summary from it",
  "model-strata.csv":
    "a model-guided sample: each sampled item's model-disagreement stratum (none, some, most, unpredicted); audit.json's sample.modelDesign holds the design, and the scripts recompute the design-weighted error rate and its bound from it",
  "report.json": "the report at full precision (the numbers the scripts check)",
  "report.md": "the report as Markdown",
  "report.tex": "the agreement table and the revision summary as LaTeX",
  "paragraph.txt": "the appendix paragraph",
  "reproduce.py": "recomputes the report from ratings-long.csv and rating-times.csv (Python 3 with numpy)",
  "reproduce.R": "recomputes the report from ratings-long.csv and rating-times.csv (R; irrCAC as a cross-check when installed)",
  SHA256SUMS: "SHA-256 of every other file",
};

export function packageReadme(snapshot: AuditSnapshot, names: readonly string[]): string {
  const rows = names.map((name) => {
    const wide = /^ratings-wide-(.+)\.csv$/.exec(name);
    const dimension = wide && snapshot.rubric.find((d) => d.key === wide[1]);
    const design = name === "audit.json" && snapshot.calibration ? "; the calibration round's design (`calibration`)" : "";
    const about = dimension
      ? `ratings of "${mdText(dimension.label)}", one column per rater (irrCAC's raw format)`
      : (ABOUT[name] ?? "") + design;
    return `| ${mdCode(name)} | ${about} |`;
  });
  return `# Reproducibility package: ${mdText(snapshot.audit.name)}

Dataset ${mdText(snapshot.audit.datasetName)}; ${snapshot.items.length} items sampled with seed ${mdCode(snapshot.audit.seed)};
${snapshot.raters.length} raters; audit status ${snapshot.audit.status.toLowerCase()}.

## Rerun the numbers

\`\`\`
sha256sum -c SHA256SUMS     # the files are the ones published
python3 reproduce.py        # Python 3 with numpy
Rscript reproduce.R         # R (base R; irrCAC as a cross-check when installed)
\`\`\`

Each script recomputes, for every rubric dimension, the majority counts and ties, the shares of
items on which at least two / all raters agree, Gwet's AC1, Fleiss' kappa and Krippendorff's alpha
with standard errors and confidence intervals, and the exact upper bounds on the error rate, from
\`ratings-long.csv\` alone, and prints each beside the value in \`report.json\` with the difference.
It exits with status 0 when every number agrees (within 1e-9; confidence bounds within 1e-7; counts
exactly) and 1 otherwise.

The scripts refit each dimension's latent-class (Dawid–Skene) model from \`ratings-long.csv\`, with
up to 1,000,000 EM iterations. A fit the ratings do not determine is not refitted: one still moving
at that cap, or one that set apart two raters whose ratings can trade places (each pattern occurs as
often as the one with their ratings swapped). Its numbers are recomputed from its own prior and
confusion matrices instead, and the report gives it no interval.

The latent-class error rate's item-bootstrap interval (report.json's \`errorRate.interval\`, once
computed) rests on 10,000 refits of the model, too many to rerun by default: the scripts refit the
first 20 replicates exactly (drawing the same items on the frozen PRNG) against
\`latent-class-replicates.csv\`, which holds all of them, and recompute the interval from the stored
values. \`python3 reproduce.py --all-replicates\` (or \`Rscript reproduce.R --all-replicates\`)
refits every replicate: minutes in Python, up to hours in R.
${snapshot.audit.modelDesign ? designSection(snapshot.audit.modelDesign) : ""}${snapshot.calibration ? CALIBRATION_SECTION : ""}
The package is the same, byte for byte, for the same audit state: its files are in a fixed order
with a fixed time stamp, so the SHA-256 of the zip can be quoted.

## Files

| file | what it holds |
| --- | --- |
${rows.join("\n")}
`;
}

/** With a calibration round: its design in audit.json, and what the scripts check against it. */
const CALIBRATION_SECTION = `
## The calibration round

Before their queue, the raters worked through practice items with an answer key (shown after each
answer). \`audit.json\`'s \`calibration\` block holds the design: the practice items (their ids,
as in \`calibration.csv\`) in the organizer's order, each with the key per question and the
organizer's rationale where one was written; the pass rule (\`threshold\`: the share of a rater's
answered questions that must match the key, once every practice item is answered); the mode
(\`gate\`: a rater who does not pass waits for a re-calibration round; \`report\`: the result is
reported only); each round with its start time and the raters it asked (R1…Rn); and how practice
items are kept out of the sample, with how many are in it (0). The scripts check \`calibration.csv\`
against it (the same items, every row's key equal to the design's for its item and question, each
round's raters, the threshold and mode of \`report.json\`) and judge each rater's rounds by the
design's threshold; a difference fails the script, naming the item and question or the threshold.
`;

/** For a model-guided sample: the design, and what the scripts recompute from it. */
function designSection(d: ModelDesignSummary): string {
  const rule = d.allocationRule;
  const ruleText =
    rule.rule === "neyman"
      ? `Neyman allocation with prior error rates ${Object.entries(rule.priorErrorRates)
          .map(([k, p]) => `${k} ${p}`)
          .join(", ")}`
      : rule.rule === "oversample"
        ? `oversampling of the strata where models disagree by a factor of ${rule.factor}`
        : "proportional allocation";
  const rows = d.allocation.map((a) => `| ${mdCode(a.key)} | ${a.population} | ${a.allocated} |`);
  return `
## The model-guided design

The sample was drawn stratified by how many models of the prediction set ${mdText(d.predictionSet.name)}
(SHA-256 ${mdCode(d.predictionSet.checksum)}) disagree with the gold answer (algorithm
${mdCode(`${d.algorithm.name}`)} v${d.algorithm.version}), with ${ruleText}:

| stratum | items in the benchmark (N_h) | sampled (n_h) |
| --- | --- | --- |
${rows.join("\n")}

\`audit.json\` (\`sample.modelDesign\`) holds the design and \`model-strata.csv\` each sampled item's
stratum. From them and \`ratings-long.csv\` (an item's verdict: its majority label is the error
category) the scripts recompute per dimension the rated and incorrect items per stratum, the
design-weighted error rate, its variance and the one-sided upper bound (Korn & Graubard's
effective-sample-size Clopper-Pearson bound with the degrees-of-freedom adjustment and the design
effect from add-one stratum rates), each within 1e-9 of \`report.json\`'s \`stratifiedErrorRate\`.
`;
}
