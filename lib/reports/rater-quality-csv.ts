/**
 * `rater-quality.csv`: one row per report dimension and rater (rubric order, then rater order), the
 * numbers of rater-quality.ts at full precision with their bootstrap bounds, the median minutes per
 * case (the same on every dimension: time is measured per case), and the engine's Cohen's kappa with
 * each other rater (`kappa_<label>`, empty on the rater's own column) from the report's pairwise
 * matrix. Empty cells: not defined (nothing compared, no uncertain category, no measured time).
 */
import { csvText, type CsvValue } from "../csv";
import type { Interval } from "./rater-quality";
import type { AuditReport } from "./types";

export function raterQualityCsv(report: AuditReport): string {
  const quality = report.raterQuality;
  const labels = report.audit.raters;
  const rows: CsvValue[][] = [
    [
      "dimension",
      "rater",
      "rated",
      "compared",
      "agreeing",
      "split",
      "agreement",
      "agreement_lower",
      "agreement_upper",
      "uncertain",
      "uncertain_share",
      "uncertain_lower",
      "uncertain_upper",
      "median_minutes",
      "median_minutes_lower",
      "median_minutes_upper",
      ...labels.map((l) => `kappa_${l}`),
    ],
  ];
  const bounds = (ci: Interval | null | undefined): CsvValue[] => [ci?.lower ?? "", ci?.upper ?? ""];
  for (const d of quality?.dimensions ?? []) {
    const matrix = report.dimensions.find((x) => x.key === d.key)?.pairwise;
    d.raters.forEach((r, g) => {
      const time = quality?.time?.find((t) => t.rater === r.rater);
      rows.push([
        d.key,
        r.rater,
        r.rated,
        r.compared,
        r.agreeing,
        r.split,
        r.agreement ?? "",
        ...bounds(r.agreementCi),
        r.uncertain ?? "",
        r.uncertainShare ?? "",
        ...bounds(r.uncertainCi),
        time?.medianMinutes ?? "",
        ...bounds(time?.medianCi),
        ...labels.map((_, h) => (h === g ? "" : (matrix?.cells[g]?.[h]?.kappa?.coeff ?? ""))),
      ]);
    });
  }
  return csvText(rows);
}
