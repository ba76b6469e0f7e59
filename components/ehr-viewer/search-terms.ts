/**
 * Equivalent clinical terms for search: a lab or obstetric abbreviation finds its name and the name
 * finds the abbreviation (Hb ↔ hemoglobin, OGTT ↔ oral glucose tolerance test), in English and in
 * the Chinese the records use; part of a long form ("glucose tolerance") finds them too. One small
 * table; terms are written folded (lower case, American spelling: see search-fold.ts).
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
  ["ogtt", "oral glucose tolerance test", "glucose tolerance test", "glucose tolerance", "口服葡萄糖耐量试验", "葡萄糖耐量", "糖耐量"],
  ["bmi", "body mass index", "体重指数"],
  // Obstetrics: the abbreviations a record uses beside the names a rater may type instead.
  ["gdm", "gestational diabetes", "gestational diabetes mellitus", "妊娠期糖尿病", "妊娠糖尿病"],
  ["pih", "pregnancy-induced hypertension", "pregnancy induced hypertension", "gestational hypertension", "妊娠期高血压", "妊娠高血压"],
  ["prom", "premature rupture of membranes", "prelabor rupture of membranes", "prelabour rupture of membranes", "胎膜早破"],
  [
    "pprom",
    "preterm premature rupture of membranes",
    "preterm prelabor rupture of membranes",
    "preterm prelabour rupture of membranes",
    "未足月胎膜早破",
  ],
  ["icp", "intrahepatic cholestasis of pregnancy", "obstetric cholestasis", "妊娠期肝内胆汁淤积症", "妊娠肝内胆汁淤积症"],
  [
    "fgr",
    "iugr",
    "fetal growth restriction",
    "intrauterine growth restriction",
    "intrauterine growth retardation",
    "胎儿生长受限",
    "宫内生长受限",
  ],
  ["nipt", "non-invasive prenatal testing", "noninvasive prenatal testing", "non-invasive prenatal test", "无创产前检测", "无创产前筛查"],
  ["nt", "nuchal translucency", "颈项透明层", "颈后透明层"],
  ["afp", "alpha-fetoprotein", "alpha fetoprotein", "甲胎蛋白"],
  ["tsh", "thyroid-stimulating hormone", "thyroid stimulating hormone", "促甲状腺激素"],
  ["pe", "pre-eclampsia", "preeclampsia", "pre eclampsia", "子痫前期"],
  ["hellp", "hellp syndrome", "hellp综合征"],
  ["ctg", "nst", "cardiotocography", "cardiotocograph", "non-stress test", "nonstress test", "胎心监护", "无应激试验"],
  ["efw", "estimated fetal weight", "胎儿估计体重", "估计胎儿体重"],
  ["bpd", "biparietal diameter", "双顶径"],
  ["afi", "amniotic fluid index", "羊水指数"],
  ["lmp", "last menstrual period", "末次月经"],
  ["edd", "estimated date of delivery", "expected date of delivery", "estimated due date", "预产期"],
  ["vbac", "vaginal birth after cesarean", "剖宫产后阴道分娩", "剖宫产术后阴道分娩"],
  ["lscs", "cs", "cesarean section", "lower segment cesarean section", "c-section", "cesarean delivery", "剖宫产"],
];

/** Where a whole-word abbreviation is part of another term: "NT-proBNP" is a heart marker, not NT. */
const NOT_BEFORE: Readonly<Record<string, RegExp>> = { nt: /^-?pro/ };

/** Short Latin abbreviations match only as whole words: "alt" must not find "health" or "salt". */
export function isAbbreviation(term: string): boolean {
  return /^[a-z]{2,5}$/.test(term);
}

export interface Needle {
  text: string;
  /** Only where no Latin letter touches it on either side. */
  wholeWord: boolean;
  /** Not where the text after it matches this. */
  notBefore?: RegExp;
}

const BY_TERM = new Map<string, readonly string[]>();
for (const group of GROUPS) for (const term of group) BY_TERM.set(term, group);

/** Small words that do not make a run of words a long form on their own ("of pregnancy"). */
const SMALL_WORDS = new Set(["of", "the", "and", "for", "after", "in", "a", "to"]);
const words = (s: string) => s.split(/[\s-]+/).filter(Boolean);
const MULTI_WORD = GROUPS.flatMap((group) =>
  group.filter((t) => /^[a-z]/.test(t) && words(t).length > 1).map((t) => ({ words: words(t), group })),
);

/**
 * Groups with a long form of which the query is a run of whole words ("glucose tolerance" in "oral
 * glucose tolerance test"), the last word possibly still being typed; at least two content words.
 */
function groupsOfRun(query: string): (readonly string[])[] {
  const q = words(query);
  if (q.filter((w) => !SMALL_WORDS.has(w)).length < 2) return [];
  const last = q.length - 1;
  const fits = (w: string, i: number, at: string | undefined) =>
    at !== undefined && (i < last || w.length < 3 ? at === w : at.startsWith(w));
  const found = new Set<readonly string[]>();
  for (const { words: t, group } of MULTI_WORD) {
    for (let s = 0; s + q.length <= t.length && !found.has(group); s++) if (q.every((w, i) => fits(w, i, t[s + i]))) found.add(group);
  }
  return [...found];
}

/**
 * What to look for, given a folded query: the query itself (a substring, as typed, unless it is
 * a table abbreviation), plus its equivalents when the whole query is a term of the table
 * ("wbc", "white blood cells", "血红蛋白") or a run of whole words of a long form ("glucose tolerance").
 */
export function needlesFor(query: string): Needle[] {
  if (!query) return [];
  const group = BY_TERM.get(query) ?? (query.endsWith("s") ? BY_TERM.get(query.slice(0, -1)) : undefined);
  const equivalents = group ? [group] : groupsOfRun(query);
  const terms = [query, ...new Set(equivalents.flat().filter((t) => t !== query))];
  return terms.map((text) => {
    const wholeWord = equivalents.length > 0 && isAbbreviation(text);
    const notBefore = wholeWord ? NOT_BEFORE[text] : undefined;
    return notBefore ? { text, wholeWord, notBefore } : { text, wholeWord };
  });
}

const LATIN = /[a-z]/;
/** A whole-word match: the characters around [start, end) of `haystack` are not Latin letters. */
export function atWordEdges(haystack: string, start: number, end: number): boolean {
  return !LATIN.test(haystack[start - 1] ?? "") && !LATIN.test(haystack[end] ?? "");
}
