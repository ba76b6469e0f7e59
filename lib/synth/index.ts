/**
 * Deterministic synthetic benchmark generator (public API).
 *
 * - ehr-decision-mcq: `generateEhr` (streaming, one patient at a time) and
 *   `generateEhrBundle` (in memory, for demo-sized output); `checkRule` verifies from the
 *   record alone that an instance's clinical rule holds.
 * - notes-chatqa: `generateNotes` / `generateNotesBundle`.
 * - `estimateTokens` / `renderEventText`: the token estimate used for the size statistics.
 */
export { Rng, type SynthSeed } from "./random";
export { estimateTokens, estimateEventTokens, renderEventText } from "./tokens";
export type { Lang } from "./lang";
export {
  EHR_SIZES,
  EhrStatsCollector,
  ehrDataset,
  generateEhr,
  generateEhrBundle,
  resolveEhrOptions,
  type EhrGenerateOptions,
  type EhrPatientRecord,
  type EhrSize,
  type EhrStats,
} from "./ehr/generate";
export { checkRule, measure } from "./ehr/rule-checks";
export * from "./ehr/types";
export {
  NOTES_SIZES,
  NotesStatsCollector,
  generateNotes,
  generateNotesBundle,
  notesDataset,
  type NotesGenerateOptions,
  type NotesPatientRecord,
  type NotesSize,
  type NotesStats,
} from "./notes/generate";
export type { Conversation, DischargeNote, NoteSection, NotesBundle, NotesPatient, QaCategory, Turn } from "./notes/types";
export { CANONICAL_HEADERS, QA_CATEGORIES } from "./notes/types";
