/**
 * Reads the chosen option letter (A–E) out of a model's raw reply, by the rule EHRNote-ChatQA
 * scores its answer files with (written down in README.md, "Letter extraction"). Our own
 * implementation of that documented rule, pinned by letter-extraction.test.ts: a reply it
 * cannot read gives null, which scoring counts as wrong, never as a guess.
 *
 * Three variants, chosen by the benchmark from the answer file's name:
 *   default   explicit answer phrases first, then "option X", then a letter heading a line,
 *             last a reply that starts with a letter standing alone;
 *   deepseek  the last 20 non-empty lines from the end, then the whole text, then default;
 *   gemini    the last 10 non-empty lines from the end, then the whole text, then only a
 *             reply that is a single letter.
 * Python's regular expressions are matched with the same semantics here: `re.search` = the
 * first match, "last match" = the last of `finditer`, IGNORECASE = the `i` flag (so `[A-E]`
 * also takes a–e and `[A-Z]` any ASCII letter), DOTALL = `s`; a MULTILINE `^` is written
 * `(?<![^\n])` (start of text or after "\n" only, as in Python: JS `m` also breaks at "\r"),
 * and Python's Unicode `\b` after the letter is `(?![\p{L}\p{N}_])` (JS `\b` is ASCII-only:
 * it would read "answer is Cé" as C, where Python reads nothing).
 */

export type LetterRule = "default" | "deepseek" | "gemini";
export const LETTERS = ["A", "B", "C", "D", "E"] as const;

const THINK_END = "</think>";

/** Only what follows the last `</think>` (a dangling one without `<think>` too): the reasoning is not the answer. */
export function stripThinking(text: string): string {
  const at = text.lastIndexOf(THINK_END);
  return at === -1 ? text : pyStrip(text.slice(at + THINK_END.length));
}

// Python's str.strip() and str.splitlines() boundaries (JS trim() and \s agree on whitespace
// for every character a reply realistically holds; splitlines also breaks on \v \f \x1c–\x1e \x85).
const pyStrip = (s: string) => s.trim();
const LINE_BREAKS = new Set([0x0a, 0x0d, 0x0b, 0x0c, 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029]);
/**
 * The last `count` non-empty (stripped) lines, last first. Walks back from the end rather than
 * splitting the whole reply: a reply of a million line breaks is then read only as far as needed.
 * "\r\n" splitting as two breaks only adds an empty line, which is dropped anyway.
 */
function lastNonEmptyLines(s: string, count: number): string[] {
  const lines: string[] = [];
  let end = s.length;
  for (let i = s.length - 1; i >= -1 && lines.length < count; i--) {
    if (i >= 0 && !LINE_BREAKS.has(s.charCodeAt(i))) continue;
    const line = pyStrip(s.slice(i + 1, end));
    if (line !== "") lines.push(line);
    end = i;
  }
  return lines;
}
const withoutStars = (s: string) => s.replace(/\*+/g, "");

/** Explicit phrases over the whole text; the last match wins (the final answer). */
const WHOLE_TEXT_PHRASES = [
  /\\boxed\{([A-E])\}/gi,
  // `[:\s]*`, not `\s*[:\s]*`: the same text, but one way to match it (the latter is quadratic in a run of spaces)
  /(?:the\s+)?correct\s+answer\s+is[:\s]*\(*([A-E])\)*(?![\p{L}\p{N}_])/giu,
  /answer\s*[:-]\s*[(["'`]*([A-E])(?![\p{L}\p{N}_])/giu,
  /answer\s+is\s+[(["'`]*([A-E])(?![\p{L}\p{N}_])/giu,
  /conclusion\s*[:-]\s*[(["'`]*([A-E])(?![\p{L}\p{N}_])/giu,
];

/** The same phrases tried on one line, which must start them (or follow a space). */
const LINE_PHRASES = [
  /\\boxed\{([A-E])\}/i,
  /(?:^|\s)(?:the\s+)?correct\s+answer\s+is[:\s]*\(*([A-E])\)*(?![\p{L}\p{N}_])/iu,
  /(?:^|\s)answer\s*[:-]\s*[(["'`]*([A-E])(?![\p{L}\p{N}_])/iu,
  /(?:^|\s)answer\s+is\s+[(["'`]*([A-E])(?![\p{L}\p{N}_])/iu,
  /(?:^|\s)so\s+the\s+correct\s+answer\s+is\s+[(["'`]*([A-E])(?![\p{L}\p{N}_])/iu,
  /(?:^|\s)therefore\s+the\s+correct\s+answer\s+is\s+[(["'`]*([A-E])(?![\p{L}\p{N}_])/iu,
  /(?:^|\s)conclusion\s*[:-]\s*[(["'`]*([A-E])(?![\p{L}\p{N}_])/iu,
];

/**
 * "The correct answer is:" and, on a later line, "B: Note #1 …" — the scorer's
 * `correct\s+answer\s+is\s*:.*?^([A-E])\s*:` (DOTALL, MULTILINE) in two steps: the first phrase, then
 * the first line-start letter after it. One regex would rescan the rest of the text from every phrase.
 */
const ANSWER_IS = /(?:the\s+)?correct\s+answer\s+is\s*:/i;
const LINE_START_LETTER_COLON = /(?<![^\n])([A-E])\s*:/gi;
/**
 * A line that starts with a letter and a colon, then text: "…\n\nA: Note #3 …" — the scorer's
 * `^\s*([A-E])\s*:\s+[A-Z]` (MULTILINE), whose `\s*` also crosses line breaks. Tried once per run
 * of whitespace (at its start, which must be the text's start or hold a "\n"), not from every line
 * start inside it: all those reach the same letter, and retrying each is quadratic in a run of newlines.
 */
const LETTER_COLON_LINE = /(?<!\s)(?:^|[^\S\n]*\n)\s*([A-E])\s*:\s+[A-Z]/i;
/** Text that is one letter once stars and whitespace are removed (tested, not built: a long reply is then not copied). */
const ONE_LETTER = /^[*\s]*([A-E])[*\s]*$/i;
/**
 * A reply that starts with a letter standing alone ("A", "**B**", "C.", "D) …", "A1"). The
 * lookahead is the documented trap: without it "Answer: none apply" reads as A, "Based on
 * the notes…" as B and "Definitely A" as D.
 */
const LEADING_LETTER = /^[*\s]*([A-E])(?![A-Za-z])[*\s]*[:.)]?\d*/i;

const upper = (m: RegExpExecArray | RegExpMatchArray | null | undefined) => (m ? (m[1] as string).toUpperCase() : null);

function lastMatch(text: string, patterns: readonly RegExp[]): string | null {
  for (const p of patterns) {
    const all = [...text.matchAll(p)];
    if (all.length > 0) return upper(all[all.length - 1]);
  }
  return null;
}

/** Lines from the end: the first phrase that matches in the line, else a line that is one letter. */
function fromLastLines(text: string, count: number): string | null {
  for (const line of lastNonEmptyLines(text, count)) {
    const clean = withoutStars(line);
    for (const p of LINE_PHRASES) {
      const m = p.exec(clean);
      if (m) return upper(m);
    }
    const bare = upper(ONE_LETTER.exec(line));
    if (bare) return bare;
  }
  return null;
}

function answerIsThenLine(text: string): string | null {
  const phrase = ANSWER_IS.exec(text);
  if (!phrase) return null;
  LINE_START_LETTER_COLON.lastIndex = phrase.index + phrase[0].length;
  return upper(LINE_START_LETTER_COLON.exec(text));
}

function colonForms(text: string): string | null {
  return answerIsThenLine(text) ?? upper(LETTER_COLON_LINE.exec(text));
}

function extractDefault(reply: string): string | null {
  const text = pyStrip(stripThinking(reply));
  if (text === "") return null;
  const clean = withoutStars(text);
  return (
    lastMatch(clean, WHOLE_TEXT_PHRASES) ??
    upper(/[Oo]ption\s+([A-E])(?![\p{L}\p{N}_])/u.exec(clean)) ??
    colonForms(text) ??
    upper(LEADING_LETTER.exec(text))
  );
}

function extractDeepseek(reply: string): string | null {
  const text = pyStrip(stripThinking(reply));
  if (text === "") return null;
  return fromLastLines(text, 20) ?? lastMatch(withoutStars(text), WHOLE_TEXT_PHRASES) ?? colonForms(text) ?? extractDefault(reply);
}

function extractGemini(reply: string): string | null {
  const text = pyStrip(stripThinking(reply));
  if (text === "") return null;
  const clean = withoutStars(text);
  return fromLastLines(text, 10) ?? lastMatch(clean, WHOLE_TEXT_PHRASES) ?? colonForms(text) ?? upper(ONE_LETTER.exec(clean));
}

/**
 * The letter A–E of a reply, or null when none can be read (also for an empty reply or a
 * value that is not text: a JSON number or null in an answer file).
 */
export function extractAnswerLetter(reply: unknown, rule: LetterRule = "default"): string | null {
  if (typeof reply !== "string" || reply === "") return null;
  const letter = rule === "deepseek" ? extractDeepseek(reply) : rule === "gemini" ? extractGemini(reply) : extractDefault(reply);
  return letter !== null && (LETTERS as readonly string[]).includes(letter) ? letter : null;
}

/**
 * The variant the benchmark applies: DeepSeek-R1-Distill models by "DeepSeek-R1-Distill-" in
 * the answer file's name (case-sensitive), Gemini by "gemini" in any case; DeepSeek wins when
 * both appear. A model name given apart from the file name is tested the same way.
 */
export function letterRuleFor(...names: readonly string[]): LetterRule {
  if (names.some((n) => n.includes("DeepSeek-R1-Distill-"))) return "deepseek";
  if (names.some((n) => n.toLowerCase().includes("gemini"))) return "gemini";
  return "default";
}
