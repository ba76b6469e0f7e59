// Reply shapes the EHRNote-ChatQA scorer documents (core/model_answer_parsing.py), each with
// the letter its rule reads, or null where it reads none (and the turn then counts as wrong).
import { describe, expect, it } from "vitest";
import { extractAnswerLetter, letterRuleFor, stripThinking, type LetterRule } from "./letter-extraction";

const cases = (rule: LetterRule, table: [string, string | null][]) =>
  it.each(table)(`${rule}: %j → %s`, (reply, letter) => expect(extractAnswerLetter(reply, rule)).toBe(letter));

describe("default rule", () => {
  cases("default", [
    // just the letter, formatted or followed by punctuation / a rationale
    ["A", "A"],
    ["b", "B"],
    ["**B**", "B"],
    ["A1", "A"],
    ["C: the bilirubin rose", "C"],
    ["D) discharge home", "D"],
    ["E. none of the above", "E"],
    ["  **E**: rationale", "E"],
    // explicit phrases win over the leading letter: the "Answer: C" trap (not A)
    ["Answer: C", "C"],
    ["answer: b", "B"],
    ["Answer - (D)", "D"],
    ["The answer is 'E'", "E"],
    ["The correct answer is A", "A"],
    ["correct answer is **B**.", "B"],
    ["The correct answer is (C)", "C"],
    ["Conclusion: D", "D"],
    ["$\\boxed{D}$", "D"],
    // the last explicit phrase is the final answer
    ["Answer: A at first sight. On reflection, Answer: C", "C"],
    // a boxed letter outranks a phrase
    ["The answer is B, so \\boxed{E}", "E"],
    ["I would pick option C here.", "C"],
    // "The correct answer is:" and the letter heading a later line
    ["The correct answer is:\n\nB: Note #1 Chartdate: 2150-03-02 Headers: Allergies", "B"],
    ["Looking at both notes.\n\nC: Note #2 Chartdate: 2151-01-09 Headers: Discharge Medications", "C"],
    // the documented traps: a reply that merely begins with a word starting A–E
    ["Based on the notes, the patient was discharged on warfarin.", null],
    ["Answer: None of the options apply", null],
    ["Definitely A", null],
    ["Cannot determine from the record.", null],
    // reasoning before </think> is not the answer (a dangling </think> too)
    ["<think>Option A looks tempting</think>\nB", "B"],
    ["It could be A or D... </think>  E", "E"],
    ["<think>The answer is C</think>", null],
    ["", null],
    ["   \n ", null],
    // Python's \b is Unicode-aware: a letter followed by a non-ASCII letter is not a choice
    ["Answer: Cé", null],
    ["The answer is B²", null],
    ["Answer: (D) é", "D"],
  ]);
  it("reads nothing from a value that is not text", () => {
    expect(extractAnswerLetter(null)).toBeNull();
    expect(extractAnswerLetter(3)).toBeNull();
    expect(extractAnswerLetter({ A: 1 })).toBeNull();
  });
});

describe("deepseek rule", () => {
  cases("deepseek", [
    // lines from the end first: the closing line, not the "option A" of the reasoning
    ["<think>long reasoning</think>\nOption A seems likely, but the notes say otherwise.\n\n**C**", "C"],
    ["The answer is A at first.\nThen the labs.\nSo the correct answer is C", "C"],
    ["Therefore the correct answer is D.", "D"],
    ["Answer: C", "C"],
    ["**B**", "B"],
    // nothing explicit: falls back to the default rule on the whole reply
    ["A) anticoagulation", "A"],
    ["Based on the notes, it is unclear.", null],
  ]);
});

describe("gemini rule", () => {
  cases("gemini", [
    ["A", "A"],
    ["The correct answer is **C**.", "C"],
    ["Reviewing note 2.\nAnswer: E", "E"],
    // no default fallback: "option B" and a leading letter are not read
    ["Option B is plausible", null],
    ["D) discharge home", null],
    ["Definitely A", null],
    ["Looking at both notes.\n\nC: Note #2 Chartdate: 2151-01-09 Headers: Discharge Medications", "C"],
  ]);
});

describe("rule choice and </think>", () => {
  it("follows the answer file's name like the benchmark", () => {
    expect(letterRuleFor("answers_DeepSeek-R1-Distill-Qwen-32B.csv")).toBe("deepseek");
    expect(letterRuleFor("answers_deepseek-r1-distill-qwen-32b.csv")).toBe("default"); // case-sensitive, as there
    expect(letterRuleFor("answers_gemini-3-flash-preview.csv")).toBe("gemini");
    expect(letterRuleFor("answers_GEMINI.csv")).toBe("gemini");
    expect(letterRuleFor("answers_DeepSeek-R1-Distill-gemini.csv")).toBe("deepseek");
    expect(letterRuleFor("answers_Llama-3.1-8B-Instruct.csv")).toBe("default");
    expect(letterRuleFor("answers.csv", "gemini-2.5-pro")).toBe("gemini");
  });
  it("keeps only what follows the last </think>, trimmed", () => {
    expect(stripThinking("<think>a</think> x </think>  B \n")).toBe("B");
    expect(stripThinking("no reasoning")).toBe("no reasoning");
  });
});
