// The language a dataset's records are written in, for choosing the rubric language of a new
// audit. A bundle may say it (`dataset.language`, e.g. "zh" or "en"); other layouts do not, so the
// script of the questions decides: Chinese when Han characters outweigh Latin words. Pure.

export type DatasetLanguage = "en" | "zh-CN";

const HAN = /\p{Script=Han}/gu;
const LATIN_WORD = /\p{Script=Latin}+/gu;

/** The declared language when it is one we know, else the one the sample texts are written in; null: cannot tell. */
export function datasetLanguage(meta: unknown, texts: readonly string[]): DatasetLanguage | null {
  const declared = (meta as { language?: unknown } | null)?.language;
  if (typeof declared === "string") {
    if (/^zh\b/i.test(declared)) return "zh-CN";
    if (/^en\b/i.test(declared)) return "en";
  }
  let han = 0;
  let latin = 0;
  for (const text of texts) {
    han += text.match(HAN)?.length ?? 0;
    latin += text.match(LATIN_WORD)?.length ?? 0;
  }
  if (han === 0 && latin === 0) return null;
  // One Han character carries about as much as a short word; options' letters (A–E) and units
  // ("mg", "mmHg") sprinkle a few Latin words over Chinese text.
  return han >= latin ? "zh-CN" : "en";
}
