// Scoring must take time linear in the reply: an answer file is scored inside the web server,
// and one reply of a quadratic shape froze every user (issue 31, finding 2).
import { describe, expect, it } from "vitest";
import { extractAnswerLetter, type LetterRule } from "./letter-extraction";

const MB = 1024 * 1024;
const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length));

/** Replies of about `length` characters shaped to make a backtracking regex retry a long run. */
const SHAPES: Record<string, (length: number) => string> = {
  "spaces after 'correct answer is'": (n) => `correct answer is${fill(" ", n)}x`,
  "colons after 'correct answer is'": (n) => `correct answer is${fill(":", n)}x`,
  "spaces and colons after 'correct answer is'": (n) => `The correct answer is${fill(" :", n)}x`,
  "newlines and spaces after 'answer is'": (n) => `answer is${fill("\n ", n)}x`,
  newlines: (n) => `x${fill("\n", n)}x`,
  "newlines and spaces": (n) => `x${fill("\n ", n)}x`,
  "CRLF and tabs": (n) => `x${fill("\r\n\t", n)}x`,
  "'correct answer is:' repeated": (n) => `${fill("correct answer is:", n)}x`,
  "a line-start letter then spaces": (n) => `x\nA${fill(" ", n / 2)}:${fill(" ", n / 2)}1`,
  "parentheses after 'answer:'": (n) => `answer:${fill("(", n)}x`,
  "spaces after 'option'": (n) => `option${fill(" ", n)}x`,
};
const RULES: LetterRule[] = ["default", "deepseek", "gemini"];

/** Fastest of `runs` timings, in ms: the least disturbed by a loaded machine. */
function timeOf(reply: string, rule: LetterRule, runs: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    extractAnswerLetter(reply, rule);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe("letter extraction runs in linear time", () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    it.each(RULES)(`${name} (%s)`, (rule) => {
      // 32 KB first: a quadratic regex fails here in seconds instead of running for an hour at 1 MB
      for (const length of [32 * 1024, MB]) expect(timeOf(shape(length), rule, 2), `${length} chars`).toBeLessThan(200);
      const small = timeOf(shape(MB), rule, 3);
      const large = timeOf(shape(10 * MB), rule, 2);
      // 10× the text ≈ 10× the time; 30× leaves room for a busy machine, 2 ms for timer noise
      expect(large).toBeLessThanOrEqual(30 * Math.max(small, 2));
    });
  }
});
