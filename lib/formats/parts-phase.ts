// A validation split at the boundary between a dataset's patients and its items (what
// lib/formats/validate-parts.ts builds on). The readers run unchanged; only where their builder
// comes from and what happens once the last patient was read depend on the phase:
//   "digest": the patients' side of the cross-record rules is handed out there (then kept);
//   "resume": the builder starts from such a state, and the (empty) patients part adds nothing.
// So the items of a resumed read meet the very code, and the very patient indexes, they meet in
// a full read: one implementation of the rules.
import type { IssueLog } from "./issues";
import type { FindingLog } from "./findings";
import { EhrDatasetBuilder, type EhrPatientsState } from "./validate-ehr";
import type { NotesPatientsState } from "./notes-patients";
import { NotesDatasetBuilder } from "./validate-notes";

export type PatientsState = EhrPatientsState | NotesPatientsState;

export type PartsPhase = { kind: "digest"; keep: (state: PatientsState) => void } | { kind: "resume"; state: PatientsState };

interface PhaseContext {
  log: IssueLog;
  retain: boolean;
  findings?: FindingLog;
  timeZone?: string;
  parts?: PartsPhase;
}

function resumed<K extends PatientsState["kind"]>(ctx: PhaseContext, kind: K): Extract<PatientsState, { kind: K }> | undefined {
  if (ctx.parts?.kind !== "resume") return undefined;
  if (ctx.parts.state.kind !== kind) throw new Error(`a ${ctx.parts.state.kind} patients digest cannot resume a ${kind} dataset`);
  return ctx.parts.state as Extract<PatientsState, { kind: K }>;
}

/** The reader's EHR builder: fresh, or continuing from a patients digest. */
export function ehrBuilder(ctx: PhaseContext): EhrDatasetBuilder {
  const builder = new EhrDatasetBuilder(ctx.log, ctx.retain, ctx.timeZone);
  const state = resumed(ctx, "ehr");
  if (state) builder.restorePatients(state);
  return builder;
}

/** The reader's notes builder (bundle and CSV layouts: patients come from their own records). */
export function notesBuilder(ctx: PhaseContext): NotesDatasetBuilder {
  const builder = new NotesDatasetBuilder(ctx.log, false, ctx.retain, ctx.findings);
  const state = resumed(ctx, "notes");
  if (state) builder.restorePatients(state);
  return builder;
}

/** Called by a reader once its last patient was read and before its first item. */
export function patientsRead(ctx: PhaseContext, builder: EhrDatasetBuilder | NotesDatasetBuilder): void {
  if (ctx.parts?.kind === "digest") ctx.parts.keep(builder.patientsState());
}
