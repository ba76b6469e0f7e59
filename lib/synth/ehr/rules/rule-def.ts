/**
 * A clinical decision rule as it appears in an instance: rule text, question, the gold
 * option, a pool of plausible distractors (3 are drawn per instance) and one alternative
 * that is *also* defensible — used only to plant the "ambiguous stem" flaw.
 */
import type { Bi } from "../../lang";
import type { Chapter } from "../types";

export interface RuleDef {
  id: string;
  chapter: Chapter;
  text: Bi;
  /** `{ga}` is replaced by the gestational age at the cutoff, e.g. "32+4". */
  question: Bi;
  gold: Bi;
  distractors: readonly Bi[];
  alt: Bi;
}

/** Used by the ambiguous-stem flaw: a stem that no longer singles out one best answer. */
export const VAGUE_QUESTION: Bi = ["Which of the following would be reasonable for this patient?", "以下哪项处理对该孕妇是合理的？"];

export function defineRules<K extends string>(rules: Record<K, RuleDef>): Record<K, RuleDef> {
  for (const r of Object.values(rules) as RuleDef[]) {
    if (r.distractors.length < 3) throw new Error(`rule ${r.id} needs at least 3 distractors`);
  }
  return rules;
}
