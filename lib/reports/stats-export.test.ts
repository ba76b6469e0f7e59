import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { noRatings, smallAudit } from "./__fixtures__/small-audit";
import { rScript, spssSyntax, STATS_FILES, stataDo, statsCodebookCsv, statsDataCsv, statsVariables } from "./stats-export";
import type { AuditSnapshot } from "./types";

/** RFC 4180 records (quoted cells with "" inside), as a reader of the download would split them. */
function rows(text: string): string[][] {
  const out: string[][] = [];
  for (const record of text.trimEnd().split("\n"))
    out.push(
      [...record.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => (m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!)),
    );
  return out;
}

/** A rubric whose labels carry what breaks syntax: quotes, macro characters, a line break, a per-turn key. */
function awkward(): AuditSnapshot {
  const s = smallAudit();
  const [gold, safety] = s.rubric;
  return {
    ...s,
    audit: { ...s.audit, name: 'Audit "two"\nline' },
    rubric: [
      { ...gold!, key: "gold@t3", label: 'Gold "answer" $HOME `x\' \\ ok\nnext' },
      { ...safety!, categories: safety!.categories.map((c, i) => (i === 1 ? { ...c, label: 'Harm "maybe" $x' } : c)) },
    ],
    ratings: s.ratings.map((r) => (r.dimension === "gold" ? { ...r, dimension: "gold@t3" } : r)),
  };
}

const has = (bin: string) => {
  try {
    execFileSync("which", [bin], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

describe("ratings for SPSS, Stata and R", () => {
  it("the codebook names every column of the data, in order, and every code the data holds", () => {
    const s = smallAudit();
    const [head, ...data] = rows(statsDataCsv(s));
    const book = rows(statsCodebookCsv(s));
    expect(book[0]).toEqual(["variable", "label", "type", "code", "value_key", "value_label"]);
    expect([...new Set(book.slice(1).map((r) => r[0]))]).toEqual(head);
    expect(head).toEqual(["item", "rater", "chapter", "level", "decision_point", "gold", "safety"]);
    for (const [column, name] of head!.entries()) {
      const codes = book
        .slice(1)
        .filter((r) => r[0] === name && r[3] !== "")
        .map((r) => r[3]);
      if (codes.length === 0) continue;
      for (const row of data) if (row[column] !== "") expect(codes, `${name}: ${row[column]}`).toContain(row[column]);
    }
    // 6 items × 3 raters, each with a rating; q06's R3 rated gold only (safety left empty).
    expect(data).toHaveLength(18);
    expect(data[0]).toEqual(["q01", "R1", "Chapter 2", "easy", "diagnosis", "1", "1"]);
    expect(data.find((r) => r[0] === "q05" && r[1] === "R3")).toEqual(["q05", "R3", "Chapter 10", "", "treatment", "3", "1"]);
    expect(data.find((r) => r[0] === "q06" && r[1] === "R3")?.slice(5)).toEqual(["1", ""]);
    expect(book).toContainEqual(["safety", "Safety & harm", "numeric", "2", "harm", "Potential harm"]);
    expect(rows(statsDataCsv(noRatings()))).toHaveLength(1);
  });

  it("makes variable names every program accepts", () => {
    const names = statsVariables(awkward()).map((v) => v.name);
    expect(names).toContain("gold_t3");
    for (const n of names) expect(n).toMatch(/^[a-z][a-z0-9_]{0,31}$/);
  });

  it("SPSS syntax reads the CSV and labels variables and values, quotes doubled, one line each", () => {
    const sps = spssSyntax(awkward(), "a-stats-ratings.csv");
    expect(sps).toContain('/FILE="a-stats-ratings.csv"');
    expect(sps).toMatch(/\/VARIABLES=\n {4}item A255\n/);
    expect(sps).toContain("    gold_t3 F2.0\n");
    expect(sps).toContain('  /gold_t3 "Gold ""answer"" $HOME `x\' \\ ok next"');
    expect(sps).toContain('  /safety 1 "Safe" 2 "Harm ""maybe"" $x" 3 "Unclear"');
    expect(sps).toContain("VARIABLE LEVEL gold_t3 safety (NOMINAL).");
    expect(sps).toContain('* ClinAudit ratings of the audit "Audit "two" line"');
    expect(sps.trimEnd().endsWith("EXECUTE.")).toBe(true);
  });

  it("the Stata do-file labels with compound quotes and no macro expansion", () => {
    const doFile = stataDo(awkward(), "a-stats-ratings.csv");
    expect(doFile).toContain('import delimited using `"a-stats-ratings.csv"\', varnames(1) encoding("utf-8") stringcols(1/5) clear');
    expect(doFile).toContain('label variable gold_t3 `"Gold "answer" \\$HOME \\`x\' \\\\ ok next"\'');
    expect(doFile).toContain('label define lbl_2 1 `"Safe"\' 2 `"Harm "maybe" \\$x"\' 3 `"Unclear"\', replace');
    expect(doFile).toContain("label values safety lbl_2");
  });

  it.skipIf(!has("Rscript"))("the R script, run by R, gives factors with the rubric's labels", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stats-export-"));
    const s = awkward();
    fs.writeFileSync(path.join(dir, STATS_FILES.data), statsDataCsv(s));
    fs.writeFileSync(path.join(dir, STATS_FILES.r), rScript(s, STATS_FILES.data));
    const out = execFileSync(
      "Rscript",
      [
        "-e",
        `source("${STATS_FILES.r}"); cat(nrow(ratings), levels(ratings$safety), sep = "|"); cat("\\n"); cat(as.character(ratings$gold_t3[1]), sum(is.na(ratings$safety)), attr(ratings$gold_t3, "label"), sep = "|")`,
      ],
      { cwd: dir, encoding: "utf8" },
    );
    expect(out.split("\n")).toEqual(['18|Safe|Harm "maybe" $x|Unclear', 'Correct|1|Gold "answer" $HOME `x\' \\ ok next']);
    fs.rmSync(dir, { recursive: true });
  });
});
