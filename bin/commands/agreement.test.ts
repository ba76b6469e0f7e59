import { describe, expect, it } from "vitest";
import { latentClassModel } from "../../lib/agreement/latent-class";
import { AGREEMENT_USAGE } from "./agreement";
import { runInMemory } from "./agreement-harness";

const run = runInMemory;

const CATS = ["--categories", "correct,incorrect,uncertain"];
const GOOD = [
  "item,rater,category",
  "q1,ana,correct",
  "q1,ben,correct",
  "q1,cy,correct",
  "q2,ana,correct",
  "q2,ben,incorrect",
  "q2,cy,uncertain",
  "q3,ana,incorrect",
  "q3,ben,incorrect",
  "q3,cy,correct",
].join("\n");

describe("clinaudit agreement: latent-class fit", () => {
  it("reports the Dawid–Skene fit per dimension in --json, for a long and a wide CSV alike", async () => {
    const long = await run(["ratings.csv", ...CATS, "--json"], { "ratings.csv": GOOD });
    const [entry] = JSON.parse(long.stdout).latentClass;
    expect(entry.dimension).toBeNull();
    const expected = latentClassModel(
      GOOD.split("\n")
        .slice(1)
        .map((line) => {
          const [item, rater, category] = line.split(",");
          return { item: item!, rater: rater!, category: category! };
        }),
      ["correct", "incorrect", "uncertain"],
    )!.fit;
    expect(entry.fit).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(entry.fit.iterations).toBeGreaterThan(0);
    expect(entry.fit.prior.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 12);
    expect(entry.fit.raters.map((r: { rater: string }) => r.rater)).toEqual(["ana", "ben", "cy"]);
    expect(entry.fit.items.map((i: { item: string }) => i.item)).toEqual(["q1", "q2", "q3"]);
    const wide = ["item,ana,ben,cy", "q1,correct,correct,correct", "q2,correct,incorrect,uncertain", "q3,incorrect,incorrect,correct"].join(
      "\n",
    );
    const w = await run(["wide.csv", ...CATS, "--json"], { "wide.csv": wide });
    expect(w.code).toBe(0);
    expect(JSON.parse(w.stdout).latentClass[0].fit.prior).toEqual(entry.fit.prior);
  });
});

describe("clinaudit agreement: reports", () => {
  it("prints an aligned text report", async () => {
    const r = await run(["ratings.csv", ...CATS], { "ratings.csv": GOOD });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("Categories: correct, incorrect, uncertain (declared)");
    expect(r.stdout).toContain("Items: 3 (3 with 2+ ratings, 0 with one)");
    expect(r.stdout).toMatch(/Gwet's AC1 +\d\.\d{4} +\d\.\d{4}/);
    expect(r.stdout).toContain("ana x ben");
    const tableLines = r.stdout.split("\n").filter((l) => /^(Coefficient|Percent|Gwet|Fleiss|Krippendorff|Conger|Brennan)/.test(l));
    expect(tableLines).toHaveLength(7);
    // Right-aligned columns end at the same position.
    expect(new Set(tableLines.map((l) => l.length)).size).toBe(1);
  });

  it("prints the documented JSON keys with full-precision numbers", async () => {
    const r = await run(["ratings.csv", ...CATS, "--json"], { "ratings.csv": GOOD });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report)).toEqual(["reportVersion", "dimensions", "latentClass"]);
    const d = report.dimensions[0];
    expect(Object.keys(d)).toEqual([
      "dimension",
      "categories",
      "categoriesDeclared",
      "options",
      "items",
      "raters",
      "ratings",
      "majority",
      "shares",
      "coefficients",
      "pairwiseCohenKappa",
    ]);
    expect(d.dimension).toBeNull();
    expect(d.options).toEqual({ weights: "unweighted", populationSize: null, confidenceLevel: 0.95, tieCategory: "uncertain" });
    expect(d.majority.perItem.map((x: { label: string }) => x.label)).toEqual(["correct", "uncertain", "incorrect"]);
    expect(d.coefficients.percentAgreement.pa).toBe(4 / 9);
    expect(r.stdout).toBe(JSON.stringify(report, null, 2) + "\n");
  });

  it("gives one report per dimension, in order of first appearance", async () => {
    const csv = [
      "dimension,item,rater,category",
      "safety,q1,ana,correct",
      "gold,q1,ana,incorrect",
      "safety,q1,ben,correct",
      "gold,q1,ben,incorrect",
      "gold,q2,ana,correct",
      "gold,q2,ben,incorrect",
    ].join("\r\n");
    const r = await run(["r.csv", "--json", ...CATS], { "r.csv": csv });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.dimensions.map((d: { dimension: string }) => d.dimension)).toEqual(["safety", "gold"]);
    expect(report.dimensions[1].items.total).toBe(2);
  });

  it("reads RFC 4180 quoting: commas, doubled quotes and line breaks inside fields", async () => {
    const csv = 'item,rater,category\n"q,1","Dr ""A""",yes\n"q,1",b,"no"\n"multi\nline",a,yes\n"multi\nline",b,yes\n';
    const r = await run(["r.csv", "--categories", "yes,no", "--json"], { "r.csv": csv });
    expect(r.code).toBe(0);
    const d = JSON.parse(r.stdout).dimensions[0];
    expect(d.raters.ids).toEqual(['Dr "A"', "b", "a"]);
    expect(d.majority.perItem.map((x: { item: string }) => x.item)).toEqual(["q,1", "multi\nline"]);
  });

  it("warns and uses observed categories when none are declared", async () => {
    const r = await run(["r.csv", "--json"], { "r.csv": GOOD });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: no --categories given/);
    const d = JSON.parse(r.stdout).dimensions[0];
    expect(d.categories).toEqual(["correct", "incorrect", "uncertain"]);
    expect(d.categoriesDeclared).toBe(false);
  });

  it("passes --population, --confidence, --tie-category and --weights through", async () => {
    const r = await run(
      ["r.csv", ...CATS, "--population=30", "--confidence", "0.9", "--tie-category", "incorrect", "--weights", "linear", "--json"],
      { "r.csv": GOOD },
    );
    expect(r.code).toBe(0);
    const d = JSON.parse(r.stdout).dimensions[0];
    expect(d.options).toEqual({ weights: "linear", populationSize: 30, confidenceLevel: 0.9, tieCategory: "incorrect" });
    expect(d.majority.perItem[1].label).toBe("incorrect");
  });

  it("prints help on stdout", async () => {
    const r = await run(["--help"], {});
    expect(r).toEqual({ code: 0, stdout: AGREEMENT_USAGE, stderr: "" });
  });
});

describe("clinaudit agreement: errors exit 2 with a located message and no stdout", () => {
  const cases: [string, string[], string, string | RegExp][] = [
    ["a missing column", CATS, "item,rater,label\nq1,a,correct\n", 'r.csv:1: field "category": missing from the header'],
    [
      "a short line",
      CATS,
      "item,rater,category\nq1,a,correct\nq2,a\n",
      'r.csv:3: field "category": missing (the line has 2 fields, the header 3)',
    ],
    ["a long line", CATS, "item,rater,category\nq1,a,correct,extra\n", "r.csv:2: the line has 4 fields, the header 3"],
    ["an empty category", CATS, "item,rater,category\nq1,a,correct\nq1,b,  \n", 'r.csv:3: field "category": empty'],
    ["an empty item", CATS, "item,rater,category\n,a,correct\n", 'r.csv:2: field "item": empty'],
    [
      "an undeclared category",
      CATS,
      "item,rater,category\nq1,a,correct\nq1,b,wrong\n",
      'r.csv:3: field "category": "wrong" is not a declared category (correct, incorrect, uncertain)',
    ],
    [
      "a duplicate rating",
      CATS,
      "item,rater,category\nq1,a,correct\nq2,a,correct\nq1,a,incorrect\n",
      'r.csv:4: field "rater": "a" already rated item "q1" on line 2',
    ],
    [
      "a duplicate rating within a dimension",
      CATS,
      "dimension,item,rater,category\nd1,q1,a,correct\nd2,q1,a,correct\nd1,q1,a,correct\n",
      'r.csv:4: field "rater": "a" already rated item "q1" in dimension "d1" on line 2',
    ],
    ["an empty dimension", CATS, "dimension,item,rater,category\n,q1,a,correct\n", 'r.csv:2: field "dimension": empty'],
    ["an unclosed quote", CATS, 'item,rater,category\nq1,a,correct\n"q2,a,correct\n', "r.csv:3: quoted field is never closed"],
    ["a stray quote", CATS, 'item,rater,category\nq"1,a,correct\n', "r.csv:2: quote inside an unquoted field (column 1)"],
    ["an empty file", CATS, "", "r.csv:1: empty file"],
    ["a header without ratings", CATS, "item,rater,category\n", "r.csv:1: no ratings below the header"],
    ["a non-numeric --population", [...CATS, "--population", "many"], GOOD, '--population "many": must be a whole number'],
    ["a zero --population", [...CATS, "--population", "0"], GOOD, '--population "0": must be a whole number'],
    ["a fractional --population", [...CATS, "--population", "10.5"], GOOD, '--population "10.5"'],
    ["a --population below the sample", [...CATS, "--population", "2"], GOOD, "--population 2: smaller than the 3 items rated"],
    ["a bad --confidence", [...CATS, "--confidence", "95"], GOOD, '--confidence "95"'],
    ["a bad --weights", [...CATS, "--weights", "cubic"], GOOD, '--weights "cubic"'],
    [
      "a tie category outside --categories",
      [...CATS, "--tie-category", "unsure"],
      GOOD,
      '--tie-category "unsure" is not among --categories',
    ],
    ["duplicate --categories", ["--categories", "a,b,a"], GOOD, '--categories: "a" listed twice'],
    ["an empty --categories entry", ["--categories", "a,,b"], GOOD, "--categories: empty category name"],
    ["an unknown option", ["--verbose"], GOOD, "unknown option --verbose"],
    ["a missing option value", ["--population"], GOOD, "--population needs a value"],
  ];

  for (const [what, extra, csv, message] of cases) {
    it(what, async () => {
      const r = await run(["r.csv", ...extra], { "r.csv": csv });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      if (typeof message === "string") expect(r.stderr).toContain(message);
      else expect(r.stderr).toMatch(message);
    });
  }

  it("a missing file argument", async () => {
    const r = await run([], {});
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("missing the ratings CSV file");
    expect(r.stderr).toContain("Usage: clinaudit agreement");
  });

  it("an unreadable file", async () => {
    const r = await run(["nope.csv"], {});
    expect(r).toMatchObject({ code: 2, stdout: "" });
    expect(r.stderr).toContain("cannot read nope.csv");
  });

  it("locates errors by the line a multi-line record starts on", async () => {
    const csv = 'item,rater,category\n"a\nb",x,correct\n"c\nd",x,wrong\n';
    const r = await run(["r.csv", ...CATS], { "r.csv": csv });
    expect(r.stderr).toContain('r.csv:4: field "category": "wrong" is not a declared category');
  });
});
