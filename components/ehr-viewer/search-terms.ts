/**
 * Equivalent clinical terms for search: a lab abbreviation finds its name and the name finds the
 * abbreviation (Hb ↔ hemoglobin), in English and in the Chinese the records use. One small table;
 * terms are written folded (lower case, American spelling: see search-fold.ts).
 */

const GROUPS: readonly (readonly string[])[] = [
  ["hb", "hgb", "hemoglobin", "血红蛋白"],
  ["hct", "hematocrit", "红细胞压积"],
  ["wbc", "white blood cell", "white cell count", "白细胞"],
  ["plt", "platelet", "血小板"],
  ["crp", "c-reactive protein", "c反应蛋白"],
  ["alt", "alanine aminotransferase", "alanine transaminase", "丙氨酸氨基转移酶", "谷丙转氨酶"],
  ["ast", "aspartate aminotransferase", "aspartate transaminase", "天门冬氨酸氨基转移酶", "谷草转氨酶"],
  ["alp", "alkaline phosphatase", "碱性磷酸酶"],
  ["tba", "total bile acid", "总胆汁酸"],
  ["bp", "blood pressure", "血压"],
  ["gbs", "group b streptococcus", "group b strep", "b族链球菌"],
  ["ogtt", "oral glucose tolerance test", "葡萄糖耐量"],
  ["bmi", "body mass index", "体重指数"],
];

/** Short Latin abbreviations match only as whole words: "alt" must not find "health" or "salt". */
export function isAbbreviation(term: string): boolean {
  return /^[a-z]{2,5}$/.test(term);
}

export interface Needle {
  text: string;
  /** Only where no Latin letter touches it on either side. */
  wholeWord: boolean;
}

const BY_TERM = new Map<string, readonly string[]>();
for (const group of GROUPS) for (const term of group) BY_TERM.set(term, group);

/**
 * What to look for, given a folded query: the query itself (a substring, as typed, unless it is
 * a table abbreviation), plus its equivalents when the whole query is a term of the table
 * ("wbc", "white blood cells", "血红蛋白").
 */
export function needlesFor(query: string): Needle[] {
  if (!query) return [];
  const group = BY_TERM.get(query) ?? (query.endsWith("s") ? BY_TERM.get(query.slice(0, -1)) : undefined);
  const terms = group ? [query, ...group.filter((t) => t !== query)] : [query];
  return terms.map((text) => ({ text, wholeWord: Boolean(group) && isAbbreviation(text) }));
}

const LATIN = /[a-z]/;
/** A whole-word match: the characters around [start, end) of `haystack` are not Latin letters. */
export function atWordEdges(haystack: string, start: number, end: number): boolean {
  return !LATIN.test(haystack[start - 1] ?? "") && !LATIN.test(haystack[end] ?? "");
}
