/**
 * The report as JSON: `{ reportVersion: 1, audit, dimensions }`, 2-space indent, "\n" line endings
 * and a final newline. Numbers are the engine's, at full precision (JSON.stringify's shortest
 * round-trip form, fixed by the ECMAScript spec), so `dimensions[].agreement` is identical to what
 * `clinaudit agreement --json` prints for the long CSV. No timestamp or other run-dependent value,
 * so the same snapshot always gives the same bytes.
 *
 * The dashboard-only views (the square pairwise matrix, per-item vote counts, the disagreement list)
 * are left out: the pairs are in `agreement.pairwiseCohenKappa` and the per-item labels in
 * `agreement.majority.perItem` and the majority CSV.
 */
import { noteInEnglish } from "../agreement/notes";
import type { ReportFeedback } from "./feedback";
import { revisionsDocument, type ReportRevisions } from "./revisions";
import type { LatentClassItem, LatentClassSummary } from "./latent-class";
import type { AuditReport } from "./types";

/**
 * Key order is part of the contract: add keys at the end, bump reportVersion to rename or remove.
 * `comments` and `flagged` (the raters' comments and discussion flags) follow, when given, then
 * `revisions` (the accepted corrections per kind, lib/reports/revisions.ts), when given, then
 * `agreementOverTime` (lib/reports/over-time.ts), when the ratings carry their times, then
 * `raterQuality` (lib/reports/rater-quality.ts), then `calibration` (lib/reports/calibration.ts), when the
 * audit has a calibration round. Each dimension ends with `latentClass` (lib/reports/latent-class.ts;
 * items by external id), then, for a model-guided sample only, `stratifiedErrorRate`
 * (lib/agreement/stratified-bound.ts). `audit.modelDesign` is the design.
 */
export function reportDocument(report: AuditReport, feedback?: ReportFeedback, revisions?: ReportRevisions) {
  return {
    reportVersion: report.reportVersion,
    audit: report.audit,
    dimensions: report.dimensions.map((d) => ({
      key: d.key,
      label: d.label,
      categories: d.categories,
      tieCategory: d.tieCategory,
      errorCategory: d.errorCategory,
      agreement: d.agreement,
      errorRateBound: d.errorRateBound,
      raterDistribution: d.raterDistribution,
      byChapter: d.byChapter,
      byLevel: d.byLevel,
      divergence: d.divergence,
      latentClass: d.latentClass && latentClassDocument(d.latentClass),
      ...(d.stratifiedErrorRate ? { stratifiedErrorRate: d.stratifiedErrorRate } : {}),
    })),
    ...(feedback ? { comments: feedback.comments, flagged: feedback.flagged } : {}),
    ...(revisions ? { revisions: revisionsDocument(revisions) } : {}),
    ...(report.agreementOverTime ? { agreementOverTime: report.agreementOverTime } : {}),
    ...(report.raterQuality ? { raterQuality: report.raterQuality } : {}),
    ...(report.calibration ? { calibration: report.calibration } : {}),
  };
}

/** The latent-class estimates without internal item ids (exports name items by external id). */
function latentClassDocument(lc: LatentClassSummary) {
  const strip = ({ itemId: _, ...rest }: LatentClassItem) => rest;
  return { ...lc, items: lc.items.map(strip), disagreements: lc.disagreements.map(strip) };
}

export function reportJson(report: AuditReport, feedback?: ReportFeedback, revisions?: ReportRevisions): string {
  return strictJson(reportDocument(report, feedback, revisions));
}

/**
 * 2-space JSON with a final newline that refuses NaN, Infinity and undefined. The engine's notes
 * (codes) are written in English, as the exports always have.
 */
export function strictJson(value: unknown): string {
  // JSON.stringify would quietly write NaN/Infinity as null and drop undefined: refuse instead, so
  // a bug upstream can never reach a paper as a plausible-looking null.
  const text = JSON.stringify(
    value,
    (key, raw: unknown) => {
      const v = noteInEnglish(key, raw);
      if (typeof v === "number" && !Number.isFinite(v)) throw new RangeError(`non-finite number at "${key}"`);
      if (v === undefined) throw new RangeError(`undefined value at "${key}"`);
      return v;
    },
    2,
  );
  return text + "\n";
}
