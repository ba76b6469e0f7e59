/**
 * What model evaluation needs to know about a benchmark: for every item its patient, gold
 * answer, option labels and strata; for conversations every turn. Built from normalized
 * items (lib/formats), which both the server (Item.data) and the command line (the parsed
 * files) hold, so the page and `clinaudit evaluate` score predictions the same way.
 */
import { fingerprint } from "@/lib/formats/checksum";
import type { FormatIssue } from "@/lib/formats/issues";
import type { DatasetFamily, FormatId, Item } from "@/lib/formats/model";
import { validateDatasetStream, type ReopenableFile } from "@/lib/formats/parse-dataset";
import { streamDataset } from "@/lib/formats/stream-dataset";

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

export type EvalDatasetResult = { ok: true; dataset: EvalDataset } | { ok: false; issues: FormatIssue[]; total: number };

/**
 * The evaluation view of benchmark files, read the way the importer reads them (validation
 * pass, then streamed records; events and note texts are dropped as they pass), with the
 * importer's checksum. `clinaudit evaluate` uses it where the server reads the database.
 */
export async function evalDatasetFromFiles(files: readonly ReopenableFile[]): Promise<EvalDatasetResult> {
  const { sum } = await fingerprint(files);
  const validated = await validateDatasetStream(files);
  if (!validated.ok) return validated;
  const { summary } = validated;
  const items: Item[] = [];
  const declared = new Map<string, number>();
  const notes = new Map<string, number>();
  for await (const record of streamDataset(files, summary)) {
    if (record.kind === "item") items.push(record.item);
    else if (record.kind === "note") notes.set(record.patientId, (notes.get(record.patientId) ?? 0) + 1);
    else if (record.patient.numNotes !== undefined) declared.set(record.patient.patientId, record.patient.numNotes);
  }
  return {
    ok: true,
    dataset: evalDataset({
      family: summary.family,
      format: summary.format,
      checksum: sum,
      meta: summary.meta,
      items,
      notesOf: (p) => declared.get(p) ?? notes.get(p) ?? 0,
    }),
  };
}
