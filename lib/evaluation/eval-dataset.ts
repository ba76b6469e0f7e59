/**
 * What model evaluation needs to know about a benchmark: for every item its patient, gold
 * answer, option labels and strata; for conversations every turn. Built from normalized
 * items (lib/formats), which both the server (Item.data) and the command line (the parsed
 * files) hold, so the page and `clinaudit evaluate` score predictions the same way.
 */
import type { DatasetFamily, FormatId, Item } from "@/lib/formats/model";

export interface EvalMcqItem {
  kind: "mcq";
  id: string;
  patientId: string;
  options: string[];
  gold: string;
  chapter: string;
  level: string;
  decisionPoint: number;
}

export interface EvalTurn {
  turnOrder: number;
  turnIndex: number;
  turnType: "content" | "source";
  options: string[];
  gold: string;
}

export interface EvalConversation {
  kind: "conversation";
  id: string;
  patientId: string;
  qaCategory: string;
  /** Notes of the patient (EHRNoteQA: the declared num_notes). */
  numNotes: number;
  turns: EvalTurn[];
}

export type EvalItem = EvalMcqItem | EvalConversation;

export interface EvalDataset {
  family: DatasetFamily;
  format: FormatId;
  /** The import checksum (SHA-256 over the files): identifies the dataset version. */
  checksum: string;
  /** `dataset.name` inside the files, if any (never the name typed at import). */
  name: string | null;
  patients: number;
  items: EvalItem[];
}

export interface EvalDatasetInput {
  family: DatasetFamily;
  format: FormatId;
  checksum: string;
  meta: Record<string, unknown>;
  items: readonly Item[];
  /** Number of notes of a patient (by external id); only asked for conversation items. */
  notesOf: (patientId: string) => number;
}

export function evalDataset(input: EvalDatasetInput): EvalDataset {
  const items: EvalItem[] = input.items.map((item) =>
    item.kind === "mcq"
      ? {
          kind: "mcq",
          id: item.instanceId,
          patientId: item.patientId,
          options: item.options.map((o) => o.label),
          gold: item.answer,
          chapter: item.chapter,
          level: item.evidenceLevel,
          decisionPoint: item.decisionPointIndex,
        }
      : {
          kind: "conversation",
          id: item.conversationId,
          patientId: item.patientId,
          qaCategory: item.qaCategory,
          numNotes: input.notesOf(item.patientId),
          turns: item.turns.map((t) => ({
            turnOrder: t.turnOrder,
            turnIndex: t.turnIndex,
            turnType: t.turnType,
            options: t.options.map((o) => o.label),
            gold: t.answer,
          })),
        },
  );
  return {
    family: input.family,
    format: input.format,
    checksum: input.checksum,
    name: typeof input.meta.name === "string" ? input.meta.name : null,
    patients: new Set(items.map((i) => i.patientId)).size,
    items,
  };
}
