// The previous engine wrote its notes as English sentences; the engine's results carry codes now
// (lib/agreement/notes.ts), worded in English by the exports. These frozen files keep their
// English: typed-engine.test.ts compares it with the engine's codes in the words the exports write.
import { emptyResult as withCode } from "../../inference";
import { NO_PAIRS_NOTE } from "../../notes";
import type { CoefficientResult } from "../../types";

export function emptyResult(note: string, known: { pa?: number | null; pe?: number | null } = {}): CoefficientResult {
  // The one place a result holds a sentence instead of a code: the oracle's English.
  return { ...withCode(NO_PAIRS_NOTE, known), note: note as unknown as CoefficientResult["note"] };
}
