/**
 * Number formatting shared by every human-readable export and the dashboard, so a value reads the
 * same in the Markdown report, the LaTeX table, the paragraph and on screen. Everything rests on
 * Number.prototype.toFixed, whose output the ECMAScript spec fixes digit for digit, and never on
 * toLocaleString/Intl, whose output depends on the runtime's locale data.
 *
 *   coefficients, pa, pe, SE, CI bounds  3 decimals            0.812
 *   p-values                             3 decimals, "<0.001"  0.004
 *   shares                               percent, 1 decimal    95.0%
 *   upper bounds (error rate)            percent, 1 decimal, rounded UP so "at most" stays true
 *   counts                               integers with "," thousands separators     1,500
 *   undefined values                     "n/a"
 */

export const MISSING = "n/a";

/** toFixed without "-0.000": a coefficient that rounds to zero has no sign. */
export function fixed(x: number | null, digits = 3, missing = MISSING): string {
  if (x === null || !Number.isFinite(x)) return missing;
  const s = x.toFixed(digits);
  return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
}

export function percent(x: number | null, digits = 1, missing = MISSING): string {
  return x === null || !Number.isFinite(x) ? missing : `${fixed(100 * x, digits)}%`;
}

/**
 * An upper bound as a percentage rounded up: 7.61% prints as 7.7%, never 7.6%. The 1e-9 slack
 * keeps an exact value such as 114/1500 = 7.6% from being pushed up by binary representation error.
 */
export function percentUpper(x: number | null, digits = 1, missing = MISSING): string {
  if (x === null || !Number.isFinite(x)) return missing;
  const scale = 10 ** digits;
  return `${fixed(Math.ceil(100 * x * scale - 1e-9) / scale, digits)}%`;
}

export function pValue(p: number | null, digits = 3, missing = MISSING): string {
  if (p === null || !Number.isFinite(p)) return missing;
  const floor = 10 ** -digits;
  return p < floor ? `<${floor.toFixed(digits)}` : fixed(p, digits);
}

/** 1500 → "1,500" (English grouping, fixed so exports do not vary with locale). */
export function thousands(n: number): string {
  const [int = "", frac] = String(Math.abs(n)).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${n < 0 ? "-" : ""}${grouped}${frac === undefined ? "" : `.${frac}`}`;
}

/** 0.95 → "95%", 0.975 → "97.5%" (six decimals are enough for any level anyone uses). */
export function levelPercent(level: number): string {
  return `${Number((100 * level).toFixed(6))}%`;
}

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** Small counts as words, as style guides want in running text ("three raters"). */
export function numberWord(n: number): string {
  return WORDS[n] ?? thousands(n);
}

export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${thousands(n)} ${n === 1 ? singular : pluralForm}`;
}

/** ["a", "b", "c"] → "a, b and c". */
export function joinList(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1] ?? ""}`;
}
