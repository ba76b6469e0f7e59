/**
 * What the ratings readers say, as codes with values (issue #36: domains return `{ code, values }`):
 * the web words them from the catalogs (`audits.agreementTool.messages.<code>`), the command line
 * and its --json from `ratingsText`, the one English renderer, whose wording is the CLI's.
 */
import { delimiterName, secondHeaderMessage } from "../../formats/table-header";

export type RatingsValues = Record<string, string | number>;

/** Refusals: the file cannot be read as ratings (located by line or JSON path, and field). */
export type RatingsErrorCode =
  | "utf16"
  | "quoteInside"
  | "quoteNotClosed"
  | "textAfterQuote"
  | "emptyLong"
  | "emptyWide"
  | "columnTwice"
  | "missingColumn"
  | "secondHeader"
  | "fieldMissing"
  | "fieldCount"
  | "empty"
  | "notDeclared"
  | "alreadyRated"
  | "noRaterColumns"
  | "unnamedColumn"
  | "itemRepeated"
  | "invalidJson"
  | "tooDeep"
  | "notTaskArray"
  | "taskNotObject"
  | "missingTaskId"
  | "notArray"
  | "annotationNotObject"
  | "missingAnnotator"
  | "notOneChoice"
  | "noChoices"
  | "noRatings";

/** What the reader did that the user should know of. */
export type RatingsNoteCode =
  | "delimiter"
  | "emptyColumns"
  | "renamed"
  | "redcapIgnored"
  | "wideLayout"
  | "labelStudio"
  | "cancelled"
  | "otherResults"
  | "readAs"
  | "packageRubric";

/** Ratings that read without error but would give a quietly wrong number. */
export type RatingsWarningCode = "categoriesObserved" | "idClash" | "fewRatings" | "noOverlap";

export type RatingsCode = RatingsErrorCode | RatingsNoteCode | RatingsWarningCode;

export interface RatingsMessage<C extends RatingsCode = RatingsCode> {
  code: C;
  values: RatingsValues;
}

/** Lists in messages show their first LISTED entries: `shown` joined, `total` in all. */
export const LISTED = 5;
export function listValues(xs: readonly string[]): { shown: string; total: number } {
  return { shown: xs.slice(0, LISTED).join(", "), total: xs.length };
}

/** A dimension in values: its name, or "" for none, with `hasDimension` for the catalogs' select. */
export function dimensionValues(dimension: string | null): { dimension: string; hasDimension: "yes" | "no" } {
  return { dimension: dimension ?? "", hasDimension: dimension === null ? "no" : "yes" };
}

/** A problem at a line of the input (or a JSON path); `field` names the column when there is one. */
export class RatingsFileError extends Error {
  constructor(
    readonly line: number | string,
    readonly field: string | null,
    readonly code: RatingsErrorCode,
    readonly values: RatingsValues = {},
  ) {
    const reason = ratingsText({ code, values });
    super(field === null ? reason : `field "${field}": ${reason}`);
  }

  /** `ratings.csv:LINE: field "category": reason`, or `export.json: tasks[3]…: reason` */
  located(file: string): string {
    return typeof this.line === "number" ? `${file}:${this.line}: ${this.message}` : `${file}: ${this.line}: ${this.message}`;
  }
}

const str = (v: string | number | undefined) => String(v ?? "");
const num = (v: string | number | undefined) => Number(v ?? 0);
const list = (v: RatingsValues) => str(v.shown) + (num(v.total) > LISTED ? `, … (${num(v.total)} in all)` : "");
const q = (v: string | number | undefined) => JSON.stringify(str(v));
/** Quoted as written, without escapes (the wording the CLI always had). */
const dq = (v: string | number | undefined) => `"${str(v)}"`;
const LAYOUT_TEXT: Record<string, string> = {
  long: "long CSV (one row per rating)",
  wide: "wide CSV (one column per rater)",
  "label-studio": "Label Studio JSON export",
};

const ENGLISH: Record<RatingsCode, (v: RatingsValues) => string> = {
  utf16: () => "this file is UTF-16; save it as UTF-8 (CSV UTF-8)",
  quoteInside: (v) => `quote inside an unquoted field (column ${str(v.column)})`,
  quoteNotClosed: () => "quoted field is never closed",
  textAfterQuote: (v) => `unexpected text after a closing quote (column ${str(v.column)})`,
  emptyLong: () => "empty file: expected a header item,rater,category",
  emptyWide: () => "empty file: expected a header with one column per rater",
  columnTwice: () => "column appears twice in the header",
  missingColumn: (v) =>
    `missing from the header (need item, rater, category; found ${str(v.found)}` +
    `${v.hasGuess === "yes" ? `; ${q(v.guess)}: did you mean ${str(v.column)}?` : ""})`,
  secondHeader: (v) => secondHeaderMessage(num(v.line), num(v.first)),
  fieldMissing: (v) => `missing (the line has ${str(v.fields)} fields, the header ${str(v.header)})`,
  fieldCount: (v) => `the line has ${str(v.fields)} fields, the header ${str(v.header)}`,
  empty: () => "empty",
  notDeclared: (v) => `${dq(v.category)} is not a declared category (${str(v.declared)})`,
  alreadyRated: (v) =>
    `${dq(v.rater)} already rated item ${dq(v.item)}${v.hasDimension === "yes" ? ` in dimension ${dq(v.dimension)}` : ""} ` +
    `on ${v.firstKind === "line" ? `line ${str(v.first)}` : str(v.first)}`,
  noRaterColumns: () => "no rater columns in the header",
  unnamedColumn: (v) => `column ${str(v.column)} has no name: each rater column needs the rater's name`,
  itemRepeated: (v) => `item ${dq(v.item)} is already on line ${str(v.line)}`,
  invalidJson: (v) => `not valid JSON: ${str(v.detail)}`,
  tooDeep: (v) => `JSON nested deeper than ${str(v.max)} levels`,
  notTaskArray: () => "expected Label Studio's JSON export: an array of tasks",
  taskNotObject: () => "a task must be an object",
  missingTaskId: () => "missing task id",
  notArray: () => "must be an array",
  annotationNotObject: () => "an annotation must be an object",
  missingAnnotator: () => "missing: who annotated",
  notOneChoice: (v) => `expected exactly one chosen label, got ${str(v.got)}`,
  noChoices: () => "no choices in the export",
  noRatings: () => "no ratings below the header",

  delimiter: (v) =>
    `columns separated by ${delimiterName(v.delimiter === "tab" ? "\t" : v.delimiter === ";" ? ";" : ",")} (read from the header line)`,
  emptyColumns: (v) => `${str(v.count)} empty column(s) at the end of the header ignored`,
  renamed: (v) => `column ${q(v.from)} read as ${str(v.to)}`,
  redcapIgnored: (v) => `REDCap columns ignored (not raters): ${str(v.columns)}`,
  wideLayout: (v) =>
    `wide layout: items ${v.items === "row" ? "numbered by row (no item column)" : `in column ${q(v.itemColumn)}`}, ` +
    `raters ${str(v.raters)}${v.hasDimension === "yes" ? `, dimension ${dq(v.dimension)} (from the file name)` : ""}`,
  labelStudio: (v) => `Label Studio export: ${str(v.tasks)} tasks, ${str(v.choices)} choices`,
  cancelled: (v) => `${str(v.count)} cancelled (skipped) annotation(s) not counted`,
  otherResults: (v) => `${str(v.count)} result(s) other than choices ignored`,
  readAs: (v) => `read as ${LAYOUT_TEXT[str(v.layout)] ?? str(v.layout)}`,
  packageRubric: (v) => `categories and tie categories of ${str(v.source)} (the audit's rubric)`,

  categoriesObserved: (v) =>
    `warning: no --categories given; using the categories observed${v.hasDimension === "yes" ? ` for dimension ${dq(v.dimension)}` : ""}: ` +
    `${str(v.categories)}. Pass the rubric's declared categories: unused categories change AC1 and Brennan-Prediger.`,
  idClash: (v) =>
    `warning: ${str(v.total)} item id(s) differ only by leading zeros or case, and are counted as different items ` +
    `(a spreadsheet dropping leading zeros?): ${list(v)}`,
  fewRatings: (v) =>
    `warning: ${v.hasDimension === "yes" ? `dimension ${dq(v.dimension)}: ` : ""}${str(v.once)} of ${str(v.items)} items have one rating ` +
    `where others have up to ${str(v.most)}, and do not count towards agreement: ${list(v)}`,
  noOverlap: (v) =>
    `warning: ${v.hasDimension === "yes" ? `dimension ${dq(v.dimension)}: ` : ""}rater(s) sharing no item with any other rater: ${list(v)}`,
};

/** Every code, for the catalog test. */
export const RATINGS_CODES = Object.keys(ENGLISH) as RatingsCode[];

/** The English of a message: the command line's text and its --json. */
export function ratingsText(m: RatingsMessage): string {
  return ENGLISH[m.code](m.values);
}
