// Scoring must take time linear in the reply: an answer file is scored inside the web server,
// and one reply of a quadratic shape froze every user (issue 31, finding 2).
import { describe, it } from "vitest";
import { expectLinearTime, fill } from "@/tests/support/linear-time";
import { extractAnswerLetter, type LetterRule } from "./letter-extraction";

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

describe("letter extraction runs in linear time", () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    it.each(RULES)(`${name} (%s)`, (rule) => expectLinearTime(shape, (reply) => extractAnswerLetter(reply, rule)));
  }
});
