/**
 * The options of `clinaudit agreement`. --categories and --tie-category take a value for every
 * dimension or, repeated, `dimension=value` pairs: a package's ratings-long.csv has a category set
 * per dimension.
 */
import type { PerDimension } from "../../lib/agreement/files/analyse";
import { parseCsv } from "../../lib/agreement/files/csv";
import type { Layout } from "../../lib/agreement/files/input";
import type { WeightKind } from "../../lib/agreement/types";
import { type ErrorCategorySpec, parseErrorCategory } from "./agreement-bound";

export interface Args {
  file: string;
  layout: Layout | null;
  categories: PerDimension<string[]>;
  population: number | null;
  tieCategory: PerDimension<string>;
  confidence: number;
  weights: WeightKind;
  errorCategory: ErrorCategorySpec | null;
  json: boolean;
}

export class UsageError extends Error {}

const VALUE_OPTIONS = ["--categories", "--population", "--tie-category", "--confidence", "--weights", "--error-category", "--layout"];
/** Options that may be given once per dimension (`--categories gold=a,b --categories question=c,d`). */
const PER_DIMENSION = ["--categories", "--tie-category"];

export function parseArgs(argv: readonly string[]): Args | "help" {
  const values = new Map<string, string>();
  const repeated = new Map<string, string[]>(PER_DIMENSION.map((o) => [o, []]));
  const positional: string[] = [];
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "-h" || arg === "--help") return "help";
    if (arg === "--json") {
      json = true;
      continue;
    }
    if (arg === "--") {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith("-") && arg !== "-") {
      const eq = arg.indexOf("=");
      const name = eq >= 0 ? arg.slice(0, eq) : arg;
      if (!VALUE_OPTIONS.includes(name)) throw new UsageError(`unknown option ${name}`);
      const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      repeated.get(name)?.push(value);
      if (values.has(name) && !PER_DIMENSION.includes(name)) throw new UsageError(`${name} given twice`);
      values.set(name, value);
      continue;
    }
    positional.push(arg);
  }
  if (positional.length === 0) throw new UsageError("missing the ratings CSV file");
  if (positional.length > 1) throw new UsageError(`one ratings file expected, got ${positional.length}`);
  return {
    file: positional[0] ?? "",
    layout: values.has("--layout") ? parseLayout(values.get("--layout") ?? "") : null,
    categories: perDimension("--categories", repeated.get("--categories") ?? [], parseCategories),
    population: values.has("--population") ? parsePopulation(values.get("--population") ?? "") : null,
    tieCategory: perDimension("--tie-category", repeated.get("--tie-category") ?? [], (v) => v.trim()),
    confidence: values.has("--confidence") ? parseConfidence(values.get("--confidence") ?? "") : 0.95,
    weights: parseWeights(values.get("--weights") ?? "unweighted"),
    errorCategory: values.has("--error-category") ? errorCategoryOption(values.get("--error-category") ?? "") : null,
    json,
  };
}

/** The list is itself one CSV record, so a label holding a comma can be quoted. */
function parseCategories(raw: string): string[] {
  let fields: string[];
  try {
    fields = parseCsv(raw)[0]?.fields ?? [];
  } catch (e) {
    throw new UsageError(`--categories: ${e instanceof Error ? e.message : String(e)}`);
  }
  const list = fields.map((c) => c.trim());
  if (list.length === 0 || list.some((c) => c === "")) throw new UsageError("--categories: empty category name");
  const dup = list.find((c, i) => list.indexOf(c) !== i);
  if (dup !== undefined) throw new UsageError(`--categories: "${dup}" listed twice`);
  return list;
}

/** `a,b,c` for every dimension, or `dim=a,b,c` (repeatable) for one; a plain value at most once. */
function perDimension<T>(option: string, raw: readonly string[], parse: (value: string) => T): PerDimension<T> {
  const out: PerDimension<T> = { all: null, byDimension: new Map() };
  for (const value of raw) {
    const m = /^\s*([A-Za-z0-9_.-]+)\s*=(.*)$/s.exec(value);
    if (!m) {
      if (out.all !== null) throw new UsageError(`${option} given twice`);
      out.all = parse(value);
      continue;
    }
    const [, dimension = "", rest = ""] = m;
    if (out.byDimension.has(dimension)) throw new UsageError(`${option}: dimension "${dimension}" named twice`);
    out.byDimension.set(dimension, parse(rest));
  }
  return out;
}

function parseLayout(raw: string): Layout {
  if (raw === "long" || raw === "wide" || raw === "label-studio") return raw;
  throw new UsageError(`--layout "${raw}": must be long, wide or label-studio`);
}

function parsePopulation(raw: string): number {
  const n = /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--population "${raw}": must be a whole number of items, at least 1`);
  return n;
}

function parseConfidence(raw: string): number {
  const c = /^\s*(0?\.\d+)\s*$/.test(raw) ? Number(raw) : NaN;
  if (!(c > 0 && c < 1)) throw new UsageError(`--confidence "${raw}": must be a number between 0 and 1, e.g. 0.95`);
  return c;
}

function errorCategoryOption(raw: string): ErrorCategorySpec {
  try {
    return parseErrorCategory(raw);
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

function parseWeights(raw: string): WeightKind {
  if (raw === "unweighted" || raw === "linear" || raw === "quadratic") return raw;
  throw new UsageError(`--weights "${raw}": must be unweighted, linear or quadratic`);
}
