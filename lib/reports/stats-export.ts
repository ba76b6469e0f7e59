/**
 * Ratings for SPSS, Stata and R users, the way REDCap exports them: a CSV of numeric codes (one
 * row per item × rater with any rating, one column per rubric dimension), a codebook naming every
 * variable and code, and syntax files that read the CSV and label its variables and values — an
 * SPSS `.sps`, a Stata `.do` and an R script. No binary .sav/.dta: their writers are not here to
 * verify them, and the syntax makes them in the user's own program. Pure; same snapshot, same bytes.
 *
 * Codes are each category's place in its dimension's rubric (1, 2, 3…); an empty cell is a rating
 * not given. Variable names are the rubric keys made valid for all three programs (letters, digits,
 * "_", a letter first, at most 32 characters; a per-turn "gold@t3" becomes "gold_t3").
 */
import { csvText, type CsvValue } from "../csv";
import { sortedItems } from "./ordering";
import type { AuditSnapshot } from "./types";
import { validateSnapshot } from "./validate-snapshot";

export interface StatsCode {
  code: number;
  key: string;
  label: string;
}

export interface StatsVariable {
  name: string;
  label: string;
  type: "string" | "numeric";
  /** The rubric dimension a coded variable holds. */
  dimension?: string;
  codes?: StatsCode[];
}

export const STATS_FILES = {
  data: "stats-ratings.csv",
  codebook: "stats-codebook.csv",
  spss: "stats-ratings.sps",
  stata: "stats-ratings.do",
  r: "stats-ratings.R",
} as const;

const FIXED: StatsVariable[] = [
  { name: "item", label: "Item (benchmark id)", type: "string" },
  { name: "rater", label: "Rater (pseudonymous label)", type: "string" },
  { name: "chapter", label: "Chapter", type: "string" },
  { name: "level", label: "Evidence level", type: "string" },
  { name: "decision_point", label: "Decision point", type: "string" },
];

/** A name valid in SPSS, Stata and R, unique among `taken`. */
function variableName(key: string, taken: Set<string>): string {
  let base = key
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!/^[a-z]/.test(base)) base = `d_${base}`;
  base = base.slice(0, 32);
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base.slice(0, 32 - String(n).length - 1)}_${n}`;
  taken.add(name);
  return name;
}

/** Every variable of the data CSV, in column order. */
export function statsVariables(s: AuditSnapshot): StatsVariable[] {
  const taken = new Set(FIXED.map((v) => v.name));
  return [
    ...FIXED,
    ...s.rubric.map(
      (d): StatsVariable => ({
        name: variableName(d.key, taken),
        label: d.label,
        type: "numeric",
        dimension: d.key,
        codes: d.categories.map((c, i) => ({ code: i + 1, key: c.key, label: c.label })),
      }),
    ),
  ];
}

/** The data: one row per item × rater with a rating, in sample order then rater order. */
export function statsDataCsv(s: AuditSnapshot): string {
  validateSnapshot(s);
  const variables = statsVariables(s);
  const coded = variables.filter((v) => v.dimension !== undefined);
  const codeOf = new Map(coded.map((v) => [v.dimension!, new Map(v.codes!.map((c) => [c.key, c.code]))]));
  const given = new Map<string, Map<string, number>>();
  for (const r of s.ratings) {
    const code = codeOf.get(r.dimension)?.get(r.category);
    if (code === undefined) continue;
    const key = `${r.itemId}\u0000${r.raterId}`;
    given.set(key, (given.get(key) ?? new Map()).set(r.dimension, code));
  }
  const rows: CsvValue[][] = [variables.map((v) => v.name)];
  for (const item of sortedItems(s))
    for (const rater of s.raters) {
      const codes = given.get(`${item.id}\u0000${rater.id}`);
      if (!codes) continue;
      rows.push([
        item.externalId,
        rater.label,
        item.chapter ?? "",
        item.level ?? "",
        item.decisionPoint ?? "",
        ...coded.map((v) => codes.get(v.dimension!) ?? ""),
      ]);
    }
  return csvText(rows);
}

/** The codebook: one row per code of a coded variable, one row for each other variable. */
export function statsCodebookCsv(s: AuditSnapshot): string {
  const rows: CsvValue[][] = [["variable", "label", "type", "code", "value_key", "value_label"]];
  for (const v of statsVariables(s)) {
    if (!v.codes) rows.push([v.name, v.label, v.type, "", "", ""]);
    else for (const c of v.codes) rows.push([v.name, v.label, v.type, c.code, c.key, c.label]);
  }
  return csvText(rows);
}

/** One line of text: control characters and line breaks as spaces, at most `max` characters. */
function line(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters replaced
  return [...text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim()].slice(0, max).join("");
}

const header = (comment: string, s: AuditSnapshot, data: string, tool: string) => [
  `${comment} ClinAudit ratings of the audit "${line(s.audit.name, 120)}" for ${tool}.`,
  `${comment} Reads ${data} (from the same downloads) and labels its variables and values;`,
  `${comment} the codebook is ${STATS_FILES.codebook}. An empty cell is a rating not given.`,
];

/** SPSS syntax: GET DATA of the CSV, then variable and value labels. */
export function spssSyntax(s: AuditSnapshot, data: string): string {
  const q = (t: string, max: number) => `"${line(t, max).replace(/"/g, '""')}"`;
  const vars = statsVariables(s);
  const lines = [
    ...header("*", s, data, "SPSS (File > Open > Syntax, then Run > All)"),
    "GET DATA /TYPE=TXT",
    `  /FILE=${q(data, 200)}`,
    "  /ENCODING='UTF8' /ARRANGEMENT=DELIMITED /DELIMITERS=\",\" /QUALIFIER='\"' /FIRSTCASE=2",
    "  /VARIABLES=",
    ...vars.map((v) => `    ${v.name} ${v.type === "string" ? "A255" : "F2.0"}`),
    ".",
    "VARIABLE LABELS",
    `  ${vars.map((v) => `${v.name} ${q(v.label, 250)}`).join("\n  /")}`,
    ".",
    "VALUE LABELS",
    `  ${vars
      .filter((v) => v.codes)
      .map((v) => `${v.name} ${v.codes!.map((c) => `${c.code} ${q(c.label, 120)}`).join(" ")}`)
      .join("\n  /")}`,
    ".",
    `VARIABLE LEVEL ${vars
      .filter((v) => v.codes)
      .map((v) => v.name)
      .join(" ")} (NOMINAL).`,
    "EXECUTE.",
  ];
  return lines.join("\n") + "\n";
}

/** Stata do-file: import delimited, then label variable / define / values. */
export function stataDo(s: AuditSnapshot, data: string): string {
  // Compound quotes hold any " ; a backslash keeps $ and ` from being read as macros.
  const q = (t: string, max: number) => `\`"${line(t, max).replace(/[$`\\]/g, (c) => `\\${c}`)}"'`;
  const vars = statsVariables(s);
  const strings = vars.filter((v) => v.type === "string").length;
  const lines = [
    ...header("*", s, data, "Stata (do stats-ratings.do)"),
    `import delimited using ${q(data, 200)}, varnames(1) encoding("utf-8") stringcols(1/${strings}) clear`,
    ...vars.map((v) => `label variable ${v.name} ${q(v.label, 80)}`),
    ...vars
      .filter((v) => v.codes)
      .flatMap((v, i) => [
        `label define lbl_${i + 1} ${v.codes!.map((c) => `${c.code} ${q(c.label, 120)}`).join(" ")}, replace`,
        `label values ${v.name} lbl_${i + 1}`,
      ]),
  ];
  return lines.join("\n") + "\n";
}

/** R script: read.csv, then factors with the category labels and a "label" attribute per variable. */
export function rScript(s: AuditSnapshot, data: string): string {
  const q = (t: string, max: number) => JSON.stringify(line(t, max));
  const vars = statsVariables(s);
  const lines = [
    ...header("#", s, data, 'R (source("stats-ratings.R"))'),
    `ratings <- read.csv(${q(data, 200)}, colClasses = "character", na.strings = "", encoding = "UTF-8", check.names = FALSE)`,
    ...vars
      .filter((v) => v.codes)
      .map(
        (v) =>
          `ratings[[${q(v.name, 32)}]] <- factor(as.integer(ratings[[${q(v.name, 32)}]]), levels = c(${v.codes!.map((c) => c.code).join(", ")}), labels = c(${v.codes!.map((c) => q(c.label, 120)).join(", ")}))`,
      ),
    ...vars.map((v) => `attr(ratings[[${q(v.name, 32)}]], "label") <- ${q(v.label, 250)}`),
  ];
  return lines.join("\n") + "\n";
}
