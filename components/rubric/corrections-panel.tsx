"use client";
// "Propose a correction": structured, explicitly saved (not autosaved: a half
// written correction should not reach the server), one per kind, withdrawable.
import { useId, useRef, useState, type TextareaHTMLAttributes } from "react";
import { Button } from "../ui/button";
import { SelectField } from "../ui/field";
import {
  availableKinds,
  correctionFromDraft,
  correctionSummary,
  draftFromCorrection,
  emptyDraft,
  kindInfo,
  validateDraft,
  type CorrectionDraft,
  type DraftErrors,
} from "./corrections";
import type { FieldView, QueueSnapshot } from "./save-queue";
import { SaveStatus } from "./save-status";
import type { CorrectionKind, CorrectionView } from "./types";
import { CORRECTION_KEYS } from "./use-review-saver";

export interface CorrectionsPanelProps {
  snapshot: QueueSnapshot<CorrectionView | null, CorrectionView | null>;
  optionLabels: string[];
  readOnly: boolean;
  onSave(kind: CorrectionKind, correction: CorrectionView | null): void;
  onRetry(kind: CorrectionKind): void;
}

type View = FieldView<CorrectionView | null, CorrectionView | null>;

function TextArea({ label, error, id, ...props }: { label: string; error?: string; id: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/30 aria-[invalid=true]:border-red-600"
        {...props}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function CorrectionsPanel({ snapshot, optionLabels, readOnly, onSave, onRetry }: CorrectionsPanelProps) {
  const id = useId();
  const kinds = availableKinds(optionLabels);
  const rows = CORRECTION_KEYS.map((kind) => ({ kind, view: snapshot.fields[kind] })).filter(
    (r): r is { kind: CorrectionKind; view: View } => r.view !== undefined && (r.view.value !== null || r.view.status.kind !== "idle"),
  );
  const [open, setOpen] = useState(rows.length > 0);
  const savedOf = (kind: CorrectionKind) => snapshot.fields[kind]?.value ?? null;
  // A blank draft of the first type not yet proposed (or the first proposal, to edit, when all are).
  const freshDraft = (taken?: CorrectionKind): CorrectionDraft => {
    const free = kinds.find((k) => k.kind !== taken && savedOf(k.kind) === null);
    if (free) return emptyDraft(free.kind);
    const first = kinds[0]?.kind ?? "STEM";
    const saved = savedOf(first);
    return saved ? draftFromCorrection(saved) : emptyDraft(first);
  };
  const [draft, setDraft] = useState<CorrectionDraft>(() => freshDraft());
  const [errors, setErrors] = useState<DraftErrors>({});
  const formRef = useRef<HTMLDivElement>(null);
  const info = kindInfo(draft.kind, optionLabels);
  const editing = savedOf(draft.kind) !== null;

  const update = (patch: Partial<CorrectionDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const chooseKind = (kind: CorrectionKind) => {
    const saved = savedOf(kind);
    // Switching type keeps a typed rationale; an existing correction of that type loads for editing.
    setDraft((d) => (saved ? draftFromCorrection(saved) : { ...emptyDraft(kind), rationale: d.rationale }));
    setErrors({});
  };
  const edit = (c: CorrectionView) => {
    setDraft(draftFromCorrection(c));
    setErrors({});
    setOpen(true);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("select, textarea")?.focus());
  };
  const save = () => {
    const found = validateDraft(draft, optionLabels);
    setErrors(found);
    const first = (["option", "proposal", "rationale"] as const).find((k) => found[k]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    const confirmed = snapshot.fields[draft.kind]?.confirmed ?? null;
    onSave(draft.kind, correctionFromDraft(draft, confirmed, optionLabels));
    setDraft(freshDraft(draft.kind));
  };

  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <summary className="cursor-pointer select-none px-4 py-3 text-sm font-semibold text-slate-900">
        Propose a correction <span className="font-normal text-slate-600">(optional{rows.length ? `, ${rows.length} proposed` : ""})</span>
      </summary>
      <div className="space-y-4 border-t border-slate-200 px-4 py-4">
        {rows.length > 0 && (
          <ul className="space-y-2" aria-label="Your corrections">
            {rows.map(({ kind, view }) => {
              const label = kindInfo(kind, optionLabels).label;
              const withdrawn = view.value === null;
              const discarded = view.status.kind === "conflict" ? view.status.discarded : undefined;
              return (
                <li key={kind} className="rounded-md border border-slate-200 p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-sm font-medium text-slate-900">
                      {label}
                      {withdrawn && <span className="font-normal text-slate-600"> — withdrawn</span>}
                    </p>
                    <SaveStatus
                      status={view.status}
                      hasValue={!withdrawn}
                      subject={`${label} correction`}
                      onRetry={() => onRetry(kind)}
                      onUseMine={discarded === undefined ? undefined : () => onSave(kind, discarded)}
                    />
                  </div>
                  {view.value && (
                    <>
                      <p className="mt-1 whitespace-pre-wrap text-sm text-slate-800">{correctionSummary(view.value)}</p>
                      <p className="mt-1 whitespace-pre-wrap text-sm text-slate-600">Rationale: {view.value.rationale}</p>
                      {!readOnly && (
                        <div className="mt-2 flex gap-2">
                          <Button type="button" variant="secondary" size="sm" onClick={() => view.value && edit(view.value)} aria-label={`Edit ${label} correction`}>
                            Edit
                          </Button>
                          <Button type="button" variant="danger" size="sm" onClick={() => onSave(kind, null)} aria-label={`Withdraw ${label} correction`}>
                            Withdraw
                          </Button>
                        </div>
                      )}
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {readOnly ? (
          rows.length === 0 && <p className="text-sm text-slate-600">No corrections were proposed.</p>
        ) : (
          <div ref={formRef} className="space-y-3">
            <SelectField
              label="Type of correction"
              name={`${id}-kind`}
              value={draft.kind}
              onChange={(e) => chooseKind(e.target.value as CorrectionKind)}
            >
              {kinds.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {k.label}
                  {savedOf(k.kind) ? " (proposed)" : ""}
                </option>
              ))}
            </SelectField>
            {info.optionLabel && (
              <SelectField
                label={info.optionLabel}
                name={`${id}-option`}
                data-field="option"
                value={draft.option}
                error={errors.option}
                onChange={(e) => update({ option: e.target.value })}
              >
                <option value="">Choose an option…</option>
                {optionLabels.map((o) => (
                  <option key={o} value={o}>
                    Option {o}
                  </option>
                ))}
              </SelectField>
            )}
            {info.proposalLabel && (
              <TextArea
                id={`${id}-proposal`}
                data-field="proposal"
                label={info.proposalLabel}
                value={draft.proposal}
                error={errors.proposal}
                onChange={(e) => update({ proposal: e.target.value })}
              />
            )}
            <TextArea
              id={`${id}-rationale`}
              data-field="rationale"
              label="Rationale (required)"
              value={draft.rationale}
              error={errors.rationale}
              onChange={(e) => update({ rationale: e.target.value })}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={save}>
                {editing ? "Update correction" : "Save correction"}
              </Button>
              {editing && (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => {
                    setDraft(freshDraft(draft.kind));
                    setErrors({});
                  }}
                >
                  Cancel editing
                </Button>
              )}
            </div>
          </div>
        )}
      </div>
    </details>
  );
}
