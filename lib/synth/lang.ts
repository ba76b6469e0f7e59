/**
 * Bilingual text: every template is written as an [English, Chinese] pair side by side so
 * the two languages cannot drift apart in content (the real benchmark is Chinese; English
 * is the default for reviewers who do not read it).
 */
export type Lang = "en" | "zh";

/** [English, Chinese]. */
export type Bi = readonly [string, string];

export function tr(lang: Lang, text: Bi): string {
  return lang === "en" ? text[0] : text[1];
}

/** Joins sentences with the language's natural separator (no spaces in Chinese). */
export function joinSentences(lang: Lang, parts: readonly string[]): string {
  return parts.filter((p) => p.length > 0).join(lang === "en" ? " " : "");
}

/** List separator: "a, b and c" / "a、b及c". */
export function listJoin(lang: Lang, parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join("");
  const head = parts.slice(0, -1);
  const last = parts[parts.length - 1] as string;
  return lang === "en" ? `${head.join(", ")} and ${last}` : `${head.join("、")}及${last}`;
}
