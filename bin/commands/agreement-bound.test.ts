import { describe, expect, it } from "vitest";
import { computeAuditReport, ratingsLongCsv } from "../../lib/reports";
import { smallAudit } from "../../lib/reports/__fixtures__/small-audit";
import { runInMemory } from "./agreement-harness";

const run = runInMemory;

/** 100 items rated by three raters: one clearly incorrect by majority, one three-way split. */
function hundredItems(): string {
  const rows = ["dimension,item,rater,category"];
  for (let i = 1; i <= 100; i++) {
    const item = `q${String(i).padStart(3, "0")}`;
    const votes =
      i === 7 ? ["incorrect", "incorrect", "correct"] : i === 8 ? ["correct", "incorrect", "uncertain"] : ["correct", "correct", "correct"];
    votes.forEach((v, r) => rows.push(`gold,${item},R${r + 1},${v}`));
    rows.push(`question,${item},R1,clear`, `question,${item},R2,clear`, `question,${item},R3,${i === 9 ? "unreasonable" : "clear"}`);
  }
  return rows.join("\n") + "\n";
}

const CATS = ["--categories", "correct,incorrect,uncertain,clear,ambiguous,unreasonable", "--tie-category", "uncertain"];

describe("clinaudit agreement --error-category", () => {
  it("prints the exact bounds for 1 error in 100 of a 1,500-item benchmark", async () => {
    // Declared categories are shared by every dimension of the file, so name the dimension.
    const r = await run(["r.csv", ...CATS, "--population", "1500", "--error-category", "gold=incorrect", "--json"], {
      "r.csv": hundredItems(),
    });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.errorRateBounds).toHaveLength(1);
    const b = out.errorRateBounds[0];
    expect(b).toMatchObject({
      dimension: "gold",
      category: "incorrect",
      incorrect: 1,
      sampled: 100,
      populationSize: 1500,
      confidenceLevel: 0.95,
    });
    expect(b.binomialUpper).toBeCloseTo(0.0465598, 7);
    expect(b.hypergeometricUpperCount).toBe(68);
    expect(b.hypergeometricUpper).toBe(68 / 1500);
    // The report's own keys are unchanged: the bound is a key after them.
    expect(Object.keys(out)).toEqual(["reportVersion", "dimensions", "errorRateBounds", "latentClass"]);
  });

  it("prints the bounds in the text report, per dimension pair", async () => {
    const r = await run(["r.csv", ...CATS, "--population", "1500", "--error-category", "gold=incorrect,question=unreasonable"], {
      "r.csv": hundredItems(),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Error-rate bound: dimension gold, error category "incorrect"');
    expect(r.stdout).toContain('majority "incorrect": 1 of 100 items (1.00%)');
    expect(r.stdout).toContain("Clopper-Pearson (binomial): 4.66% (0.0465598)");
    expect(r.stdout).toContain("hypergeometric (N = 1500): 68 of 1500 items, 4.53%");
    // One "unreasonable" vote of three is no majority: 0 of 100.
    expect(r.stdout).toContain('majority "unreasonable": 0 of 100 items (0.00%)');
  });

  it("leaves the output unchanged without the option", async () => {
    const plain = await run(["r.csv", ...CATS, "--json"], { "r.csv": hundredItems() });
    expect(Object.keys(JSON.parse(plain.stdout))).toEqual(["reportVersion", "dimensions", "latentClass"]);
  });

  it("refuses a category or dimension that the ratings do not have", async () => {
    const files = { "r.csv": hundredItems() };
    const typo = await run(["r.csv", ...CATS, "--error-category", "incorect"], files);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('"incorect" is not a category of any dimension');
    expect(typo.stdout).toBe("");
    const category = await run(["r.csv", "--error-category", "question=incorrect"], files);
    expect(category.code).toBe(2);
    expect(category.stderr).toContain('"incorrect" is not a category of dimension "question"');
    const dim = await run(["r.csv", ...CATS, "--error-category", "gld=incorrect"], files);
    expect(dim.code).toBe(2);
    expect(dim.stderr).toContain('no dimension "gld"');
  });

  it("equals the dashboard's bound for the same ratings", async () => {
    const snapshot = smallAudit();
    const dashboard = computeAuditReport(snapshot).dimensions.find((d) => d.key === "gold")!.errorRateBound!;
    const csv = ratingsLongCsv(snapshot, { dimensions: ["gold"] });
    const r = await run(
      [
        "gold.csv",
        "--categories",
        "correct,incorrect,uncertain",
        "--tie-category",
        "uncertain",
        "--population",
        String(snapshot.audit.populationSize),
        "--error-category",
        "incorrect",
        "--json",
      ],
      { "gold.csv": csv },
    );
    expect(r.code, r.stderr).toBe(0);
    const { dimension, category, ...cli } = JSON.parse(r.stdout).errorRateBounds[0];
    expect({ dimension, category }).toEqual({ dimension: "gold", category: "incorrect" });
    expect(cli).toEqual(dashboard);
  });
});
