// `clinaudit agreement` on the files users come with, each written as its writer writes it:
// Excel saves, REDCap's CSV export, irrCAC's raw layout from R's write.csv, Label Studio's JSON
// export, and the reproducibility package's own ratings-long.csv / ratings-wide-<dim>.csv.
import { describe, expect, it } from "vitest";
import { computeAuditReport, ratingsLongCsv, ratingsWideCsv } from "../../lib/reports";
import { smallAudit } from "../../lib/reports/__fixtures__/small-audit";
import { auditMetadata } from "../../lib/reports/package/audit-metadata";
import { runInMemory } from "./agreement-harness";

async function run(argv: string[], files: Record<string, string>) {
  const r = await runInMemory(argv, files);
  return { ...r, json: () => JSON.parse(r.stdout) };
}

/** Three raters on six items, as a long CSV: the reference every other layout must reproduce. */
const VOTES: [string, string, string, string][] = [
  ["s1", "yes", "yes", "yes"],
  ["s2", "yes", "no", "yes"],
  ["s3", "no", "no", "no"],
  ["s4", "yes", "no", ""],
  ["s5", "no", "yes", "no"],
  ["s6", "yes", "yes", "no"],
];
const LONG = `item,rater,category\n${VOTES.flatMap(([i, ...v]) => v.flatMap((c, g) => (c ? [`${i},r${g + 1},${c}\n`] : []))).join("")}`;
const coefficients = (r: { json: () => { dimensions: { coefficients: unknown }[] } }) => r.json().dimensions[0]?.coefficients;

describe("wide layouts: one column per rater", () => {
  it("REDCap's CSV export (record_id, a field per rater, redcap_* and _complete columns)", async () => {
    const redcap =
      "record_id,redcap_event_name,r1,r2,r3,gold_review_complete\n" +
      VOTES.map(([i, ...v]) => `${i},baseline_arm_1,${v.join(",")},2\n`).join("");
    const r = await run(["redcap.csv", "--categories", "yes,no", "--json"], { "redcap.csv": redcap });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("note: read as wide CSV (one column per rater)");
    expect(r.stderr).toContain("REDCap columns ignored (not raters): redcap_event_name, gold_review_complete");
    expect(r.json().input.layout).toBe("wide");
    expect(coefficients(r)).toEqual(coefficients(await run(["l.csv", "--categories", "yes,no", "--json"], { "l.csv": LONG })));
  });

  it("irrCAC's raw layout written by R's write.csv (row names, quoted strings, NA)", async () => {
    const rows = VOTES.map(([, ...v], k) => [`"${k + 1}"`, ...v.map((c) => (c ? `"${c}"` : "NA"))].join(","));
    const csv = `"","r1","r2","r3"\n${rows.join("\n")}\n`;
    const r = await run(["raw.csv", "--categories", "yes,no", "--json"], { "raw.csv": csv });
    expect(r.code, r.stderr).toBe(0);
    const long = await run(["l.csv", "--categories", "yes,no", "--json"], { "l.csv": LONG });
    expect(coefficients(r)).toEqual(coefficients(long));
  });

  it("raters only, no item column (irrCAC's data frames): items numbered by row", async () => {
    const csv = `Rater1;Rater2;Rater3\n${VOTES.map(([, ...v]) => v.join(";")).join("\n")}\n`;
    const r = await run(["raw.csv", "--categories", "yes,no", "--json"], { "raw.csv": csv });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().dimensions[0].majority.perItem.map((m: { item: string }) => m.item)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(r.stderr).toContain('columns separated by ";"');
  });

  it("reads back the package's own ratings-wide-gold.csv with the dashboard's numbers, no options", async () => {
    const files = packageFiles();
    const r = await run(["pkg/ratings-wide-gold.csv", "--population", "1500", "--json"], files);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain("warning: no --categories");
    const dashboard = computeAuditReport(smallAudit()).dimensions.find((d) => d.key === "gold")!.agreement;
    const { ratings: _r, ...cli } = r.json().dimensions[0];
    const { ratings: _d, ...dash } = dashboard;
    expect(cli).toEqual(dash);
  });

  it("--layout forces a layout", async () => {
    // A long file read as wide: its item column repeats, which a wide file cannot have.
    const r = await run(["l.csv", "--layout", "wide"], { "l.csv": LONG });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('l.csv:3: field "item": item "s1" is already on line 2');
    const bad = await run(["l.csv", "--layout", "grid"], { "l.csv": LONG });
    expect(bad.stderr).toContain('--layout "grid": must be long, wide or label-studio');
  });
});

/** The package as lib/reports writes it: ratings-long.csv, ratings-wide-<dim>.csv and audit.json. */
function packageFiles(): Record<string, string> {
  const s = smallAudit();
  const report = computeAuditReport(s);
  const facts = {
    audit: { design: "all", ratersPerItem: 3, createdAt: "2025-01-01", openedAt: null, closedAt: null, sampling: null },
    dataset: { name: "d", version: 1, format: "f", formatVersion: null, checksum: "c", timeZone: "UTC", itemCount: 6, patientCount: 6 },
  };
  return {
    "pkg/ratings-long.csv": ratingsLongCsv(s),
    "pkg/ratings-wide-gold.csv": ratingsWideCsv(s, "gold"),
    "pkg/audit.json": JSON.stringify(auditMetadata(s, report, facts, [])),
  };
}

describe("the package's ratings-long.csv in one call", () => {
  it("per-dimension categories and tie categories: the dashboard's majority counts and coefficients", async () => {
    const r = await run(["pkg/ratings-long.csv", "--population", "1500", "--json"], packageFiles());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("note: categories and tie categories of pkg/audit.json");
    const dashboard = computeAuditReport(smallAudit()).dimensions;
    for (const d of dashboard) {
      const cli = r.json().dimensions.find((x: { dimension: string }) => x.dimension === d.key);
      expect(cli.majority, d.key).toEqual(d.agreement.majority);
      expect(cli.coefficients, d.key).toEqual(d.agreement.coefficients);
    }
  });

  it("--categories dim=a,b,c, repeated, declares each dimension's categories", async () => {
    const files = { "r.csv": ratingsLongCsv(smallAudit()) };
    const argv = ["r.csv", "--categories", "gold=correct,incorrect,uncertain", "--categories", "safety=safe,harm,unclear"];
    const r = await run([...argv, "--tie-category", "safety=unclear", "--json"], files);
    expect(r.code, r.stderr).toBe(0);
    const dims = r.json().dimensions;
    expect(dims.map((d: { categories: string[] }) => d.categories)).toEqual([
      ["correct", "incorrect", "uncertain"],
      ["safe", "harm", "unclear"],
    ]);
    expect(dims[1].options.tieCategory).toBe("unclear");
    const typo = await run(["r.csv", "--categories", "gold=correct,incorrect"], files);
    expect(typo.stderr).toMatch(/r\.csv:\d+: field "category": "uncertain" is not a declared category \(correct, incorrect\)/);
  });
});

describe("Label Studio's JSON export", () => {
  /** Tasks as Label Studio exports them ("JSON"): completed_by a user id, or {id, email} in newer versions. */
  const exported = () =>
    JSON.stringify(
      VOTES.map(([, ...v], t) => ({
        id: 101 + t,
        data: { text: `case ${t + 1}` },
        annotations: [
          ...v.flatMap((c, g) =>
            c === ""
              ? []
              : [
                  {
                    id: 1000 + t * 3 + g,
                    completed_by: g === 2 ? { id: 3, email: "r3@example.org" } : g + 1,
                    result: [
                      { id: `x${t}${g}`, from_name: "gold", to_name: "text", type: "choices", value: { choices: [c] }, origin: "manual" },
                    ],
                    was_cancelled: false,
                    ground_truth: false,
                    lead_time: 4.2,
                    task: 101 + t,
                  },
                ],
          ),
          { id: 9000 + t, completed_by: 9, result: [], was_cancelled: true, task: 101 + t },
        ],
        predictions: [],
      })),
      null,
      2,
    );

  it("reads choices per annotator, skipped annotations not counted, the same numbers as the long CSV", async () => {
    const r = await run(["project-7-at-2025.json", "--categories", "yes,no", "--json"], { "project-7-at-2025.json": exported() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("note: read as Label Studio JSON export");
    expect(r.stderr).toContain("6 cancelled (skipped) annotation(s) not counted");
    const d = r.json().dimensions[0];
    expect(d.dimension).toBe("gold");
    expect(d.raters.ids).toEqual(["1", "2", "r3@example.org"]);
    const long = await run(["l.csv", "--categories", "yes,no", "--json"], { "l.csv": LONG });
    expect(d.coefficients).toEqual(long.json().dimensions[0].coefficients);
  });

  it("a result with two choices is located by its JSON path", async () => {
    const tasks = JSON.parse(exported());
    tasks[2].annotations[1].result[0].value.choices = ["yes", "no"];
    const r = await run(["ls.json"], { "ls.json": JSON.stringify(tasks) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'ls.json: [2].annotations[1].result[0]: field "value.choices": expected exactly one chosen label, got ["yes","no"]',
    );
  });
});

describe("warnings about quietly wrong numbers (stderr and --json)", () => {
  /** Two raters on 24 items; rater B's sheet went through Excel, which dropped the ids' leading zeros. */
  function excelLostZeros(): string {
    const rows = ["item,rater,category"];
    for (let i = 1; i <= 24; i++) {
      const id = String(i).padStart(4, "0");
      rows.push(`${id},A,${i % 5 === 0 ? "no" : "yes"}`, `${i % 2 ? id : String(i)},B,${i % 7 === 0 ? "no" : "yes"}`);
    }
    return rows.join("\r\n") + "\r\n";
  }

  it("ids differing only by leading zeros, items rated once, raters sharing no item", async () => {
    const r = await run(["r.csv", "--categories", "yes,no", "--json"], { "r.csv": excelLostZeros() });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("warning: 12 item id(s) differ only by leading zeros or case, and are counted as different items");
    expect(r.stderr).toContain('"0002" / "2"');
    expect(r.stderr).toContain("24 of 36 items have one rating where others have up to 2");
    const { warnings } = r.json().input;
    expect(warnings).toHaveLength(2);
    const apart = await run(["r.csv", "--categories", "yes,no"], {
      "r.csv": "item,rater,category\nq1,A,yes\nq1,B,yes\nq2,C,no\nq2,D,no\nq3,E,no\n",
    });
    expect(apart.stderr).toContain("rater(s) sharing no item with any other rater: E");
  });
});

describe("tables as spreadsheets save them, and refusals that name the cause", () => {
  it("European Excel: ';', header case and spaces, trailing empty columns", async () => {
    const csv = `\uFEFFItem;Rater ;CATEGORY;;\r\n${LONG.split("\n")
      .slice(1, -1)
      .map((l) => `${l.replaceAll(",", ";")};;`)
      .join("\r\n")}\r\n`;
    const r = await run(["r.csv", "--categories", "yes,no", "--json"], { "r.csv": csv });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().input.notes).toEqual([
      'columns separated by ";" (read from the header line)',
      "2 empty column(s) at the end of the header ignored",
      'column "Item" read as item',
      'column "Rater" read as rater',
      'column "CATEGORY" read as category',
    ]);
    expect(coefficients(r)).toEqual(coefficients(await run(["l.csv", "--categories", "yes,no", "--json"], { "l.csv": LONG })));
  });

  it("UTF-16, a second header row, a header typo", async () => {
    const utf16 = new TextDecoder("utf-8").decode(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(LONG, "utf16le")]));
    expect((await run(["u.csv"], { "u.csv": utf16 })).stderr).toContain("u.csv:1: this file is UTF-16; save it as UTF-8");
    const joined = LONG + LONG.replaceAll("s", "t");
    expect((await run(["j.csv"], { "j.csv": joined })).stderr).toContain("j.csv:19: a second header row at line 19");
    const typo = await run(["t.csv"], { "t.csv": LONG.replace("category", "categroy") });
    expect(typo.stderr).toContain('"categroy": did you mean category?');
  });
});
