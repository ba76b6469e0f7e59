/**
 * CSV exports, written by the one CSV writer (lib/csv): RFC 4180 quoting, formula-leading text
 * neutralised, "\n" after every record. Counts are numbers (never neutralised). Items are
 * external ids and raters labels; internal ids, names and e-mails never appear. Same snapshot,
 * same bytes.
 *
 * - `ratingsLongCsv`: `dimension,item,rater,category`, in exactly the order the report fed the
 *   agreement engine, so `clinaudit agreement --json` on it reproduces the report's numbers.
 * - `ratingsWideCsv`: one dimension, irrCAC-ready: `item` then one column per rater label, empty
 *   cell for a missing rating. Only items with at least one rating are listed, because irrCAC counts
 *   every row in n (it does not drop unrated subjects). In R:
 *   `d <- read.csv("gold.csv", colClasses = "character"); gwet.ac1.raw(d[, -1], categ.labels = c(...))`.
 * - `majorityLabelsCsv`: every sampled item per dimension with its majority label, tie flag, number
 *   of ratings and votes per category (`count_<category key>`; empty where the category is not in
 *   that dimension's rubric, 0 where it is but got no vote).
 * - `latentClassCsv`: every rated item per dimension with its majority label, its Dawid–Skene mode,
 *   whether they differ and its posterior per category (`p_<category key>`, empty as above).
 */
import { csvText, type CsvValue } from "../csv";
import { dimensionRatings, sortedItems } from "./ordering";
import type { AuditReport, AuditSnapshot } from "./types";
import { validateSnapshot } from "./validate-snapshot";

function csv(rows: readonly (readonly CsvValue[])[]): string {
  return csvText(rows);
}

function rubricDimension(s: AuditSnapshot, key: string) {
  const d = s.rubric.find((x) => x.key === key);
  if (!d) throw new RangeError(`unknown dimension "${key}" (rubric: ${s.rubric.map((x) => x.key).join(", ")})`);
  return d;
}

/** Long ratings of all dimensions (rubric order), or of the ones listed. */
export function ratingsLongCsv(s: AuditSnapshot, options: { dimensions?: readonly string[] } = {}): string {
  validateSnapshot(s);
  const keys = options.dimensions ?? s.rubric.map((d) => d.key);
  const items = sortedItems(s);
  const rows: string[][] = [["dimension", "item", "rater", "category"]];
  for (const key of keys) {
    rubricDimension(s, key);
    for (const r of dimensionRatings(s, key, items)) rows.push([key, r.item, r.rater, r.category]);
  }
  return csv(rows);
}

/** Wide ratings of one dimension: rows = rated items in sample order, columns = raters in snapshot order. */
export function ratingsWideCsv(s: AuditSnapshot, dimension: string): string {
  validateSnapshot(s);
  rubricDimension(s, dimension);
  const ratings = dimensionRatings(s, dimension);
  const raters = s.raters.map((r) => r.label);
  const byItem = new Map<string, Map<string, string>>();
  for (const r of ratings) {
    const row = byItem.get(r.item) ?? new Map<string, string>();
    row.set(r.rater, r.category);
    byItem.set(r.item, row);
  }
  const rows: string[][] = [["item", ...raters]];
  // Map keeps insertion order, which is sample order because the ratings are sorted that way.
  for (const [item, row] of byItem) rows.push([item, ...raters.map((g) => row.get(g) ?? "")]);
  return csv(rows);
}

export function majorityLabelsCsv(report: AuditReport): string {
  const categories: string[] = [];
  for (const d of report.dimensions) for (const c of d.categories) if (!categories.includes(c.key)) categories.push(c.key);
  const rows: CsvValue[][] = [
    ["dimension", "item", "chapter", "level", "majority", "tie", "n_ratings", ...categories.map((c) => `count_${c}`)],
  ];
  for (const d of report.dimensions) {
    for (const item of d.items) {
      const counts = new Map(item.counts.map((c) => [c.category, c.count] as const));
      rows.push([
        d.key,
        item.externalId,
        item.chapter ?? "",
        item.level ?? "",
        item.majority ?? "",
        item.tied,
        item.ratings,
        ...categories.map((c) => counts.get(c) ?? ""),
      ]);
    }
  }
  return csv(rows);
}

/**
 * Each dimension's item-bootstrap replicates of the latent-class error rate (replicate b from
 * stream `<stream>/<b>`, report.json's errorRate.interval), for the intervals computed for the
 * report's ratings; just the header while none is. A degenerate refit (left out) has no value.
 */
export function latentReplicatesCsv(snapshot: AuditSnapshot, report: AuditReport): string {
  const rows: CsvValue[][] = [["dimension", "replicate", "value"]];
  for (const d of report.dimensions) {
    const rate = d.latentClass?.errorRate;
    const kept = rate?.interval && snapshot.latentIntervals?.find((k) => k.dimension === d.key && k.inputs === rate.intervalInputs);
    if (!kept) continue;
    kept.values.forEach((v, b) => rows.push([d.key, b + 1, Number.isNaN(v) ? "" : String(v)]));
  }
  return csv(rows);
}

export function latentClassCsv(report: AuditReport): string {
  const categories: string[] = [];
  for (const d of report.dimensions) for (const c of d.categories) if (!categories.includes(c.key)) categories.push(c.key);
  const rows: CsvValue[][] = [["dimension", "item", "majority", "latent_mode", "differs", ...categories.map((c) => `p_${c}`)]];
  for (const d of report.dimensions) {
    const lc = d.latentClass;
    if (!lc) continue;
    for (const item of lc.items) {
      const p = new Map(lc.categories.map((c, k) => [c, item.posterior[k] as number] as const));
      rows.push([
        d.key,
        item.externalId,
        item.majority ?? "",
        item.mode,
        item.majority !== item.mode,
        ...categories.map((c) => p.get(c) ?? ""),
      ]);
    }
  }
  return csv(rows);
}
