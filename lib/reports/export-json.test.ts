/**
 * The published numbers must be reproducible from the exported long CSV by anyone with the CLI:
 * these tests re-derive them through the CLI's own parser and command and compare to the last digit.
 */
import { describe, expect, it } from "vitest";
import { runAgreement } from "../../bin/commands/agreement";
import { parseRatingsCsv } from "../agreement/files/long";
import { buildDimensionReport } from "../agreement/report";
import { noteInEnglish } from "../agreement/notes";
import { expectClean } from "./__fixtures__/clean";
import { oneCategory, singleRater, smallAudit, sparseAudit } from "./__fixtures__/small-audit";
import { computeAuditReport } from "./compute";
import { ratingsLongCsv } from "./export-csv";
import { reportJson } from "./export-json";
import type { AuditSnapshot } from "./types";

async function cli(argv: string[], file: string) {
  let stdout = "";
  let stderr = "";
  const code = await runAgreement(argv, {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    readFile: async () => file,
  });
  return { code, stdout, stderr };
}

const fixtures: [string, () => AuditSnapshot][] = [
  ["the small audit", smallAudit],
  ["a single rater", singleRater],
  ["one category throughout", oneCategory],
  ["no population size and an idle rater", sparseAudit],
];

describe.each(fixtures)("report JSON of %s", (_name, make) => {
  const snapshot = make();
  const json = reportJson(computeAuditReport(snapshot));
  const doc = JSON.parse(json) as { dimensions: { key: string; agreement: { coefficients: unknown; pairwiseCohenKappa: unknown } }[] };

  it("equals the engine's report on the long CSV parsed by the CLI's parser", () => {
    const { rows } = parseRatingsCsv(ratingsLongCsv(snapshot));
    for (const d of snapshot.rubric) {
      // As the JSON export writes it: the engine's notes (codes) in English.
      const engine = buildDimensionReport({
        dimension: d.key,
        ratings: rows.filter((r) => r.dimension === d.key),
        categories: d.categories.map((c) => c.key),
        tieCategory: d.tieCategory,
        populationSize: snapshot.audit.populationSize ?? Infinity,
        confidenceLevel: snapshot.audit.confidenceLevel ?? 0.95,
      });
      const fromCsv = JSON.parse(JSON.stringify(engine, noteInEnglish));
      const exported = doc.dimensions.find((x) => x.key === d.key)!.agreement;
      expect(exported.coefficients).toEqual(fromCsv.coefficients);
      expect(exported).toEqual(fromCsv);
    }
  });

  it("equals `clinaudit agreement --json` on each dimension's long CSV", async () => {
    for (const d of snapshot.rubric) {
      const argv = ["ratings.csv", "--json", "--categories", d.categories.map((c) => c.key).join(","), "--tie-category", d.tieCategory];
      if (snapshot.audit.populationSize !== null) argv.push("--population", String(snapshot.audit.populationSize));
      const out = await cli(argv, ratingsLongCsv(snapshot, { dimensions: [d.key] }));
      expect(out.stderr).toBe("");
      expect(out.code).toBe(0);
      const fromCli = (JSON.parse(out.stdout) as { dimensions: unknown[] }).dimensions[0] as { coefficients: unknown };
      const exported = doc.dimensions.find((x) => x.key === d.key)!.agreement;
      expect(exported.coefficients).toEqual(fromCli.coefficients);
      expect(exported).toEqual(fromCli);
    }
  });

  it("is byte-for-byte reproducible and free of NaN, Infinity and undefined", () => {
    const report = computeAuditReport(make());
    expect(reportJson(report)).toBe(json);
    expectClean(json, report);
    expect(json.endsWith("}\n")).toBe(true);
    expect(json).not.toContain("\r");
  });
});

describe("report JSON layout", () => {
  const doc = JSON.parse(reportJson(computeAuditReport(smallAudit()))) as Record<string, unknown> & {
    dimensions: Record<string, unknown>[];
  };

  it("has the documented keys in a fixed order, and no dashboard-only views", () => {
    expect(Object.keys(doc)).toEqual(["reportVersion", "audit", "dimensions", "raterQuality"]);
    expect(doc.reportVersion).toBe(1);
    expect(Object.keys(doc.dimensions[0]!)).toEqual([
      "key",
      "label",
      "categories",
      "tieCategory",
      "errorCategory",
      "agreement",
      "errorRateBound",
      "raterDistribution",
      "byChapter",
      "byLevel",
      "divergence",
      "latentClass",
    ]);
  });

  it("names raters by label and items by external id only", () => {
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/u-ana|u-ben|i-q0/);
  });
});
