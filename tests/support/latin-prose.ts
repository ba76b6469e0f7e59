// Shared by lib/i18n/domain.test.ts (every domain message in Chinese) and e2e/zh-domain-messages.spec.ts.

/**
 * Latin-script words a Chinese message may keep: names and codes (a capital or a digit in them:
 * Patient, EHRNoteQA, CLINAUDIT_IMPORT_HEAP_MB, resourceType), words joined to code by
 * _ / . : - # [ (file and field names, paths, ranges), and these lowercase ones (n and p are the
 * statistical symbols: "p 值" as the dashboard writes it).
 */
const KEPT = /^(n|p|v|e|g|id|gzip|base64|unknown|subject|history|chartdate|xoshiro256)$/;

/** The prose words of `text` in Latin script (code, names and quoted values left out). */
export function latinProse(text: string): string[] {
  const words = [...text.matchAll(/(?<![\w/.:#[-])[A-Za-z]+(?![\w/.:#[\]-])/g)].map((m) => m[0]);
  return words.filter((w) => !/[A-Z]/.test(w) && !KEPT.test(w));
}
