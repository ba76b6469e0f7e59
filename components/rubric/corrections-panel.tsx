"use client";
// "Propose a correction": structured, explicitly saved (not autosaved: a half
// written correction should not reach the server), one per kind — and, for a
// conversation, per kind and turn — withdrawable.
import { useTranslations } from "@/lib/i18n/client";
import { useId, useRef, useState, type TextareaHTMLAttributes } from "react";
import { Button } from "../ui/button";
import { SelectField } from "../ui/field";
import { CorrectionList, type CorrectionRow } from "./correction-list";
import {
  availableKinds,
  correctionFromDraft,
  correctionKey,
  draftFromCorrection,
  draftOptionLabels,
  emptyDraft,
  kindInfo,
  parseCorrectionKey,
  turnsFor,
  validateDraft,
  type CorrectionDraft,
  type DraftErrors,
} from "./corrections";
import type { QueueSnapshot } from "./save-queue-types";
import type { CorrectionKind, CorrectionView, TurnOption } from "./types";
import { CORRECTION_KEYS } from "./use-review-saver";
import { Card } from "../ui/card";

export interface CorrectionsPanelProps {
  snapshot: QueueSnapshot<CorrectionView | null, CorrectionView | null>;
  optionLabels: string[];
  /** A conversation's turns: every kind but REMOVE then names one of them. */
  turns?: TurnOption[];
  readOnly: boolean;
  onSave(kind: CorrectionKind, turnOrder: number, correction: CorrectionView | null): void;
  onRetry(kind: CorrectionKind, turnOrder: number): void;
}

function TextArea({
  label,
  error,
  id,
  ...props
}: { label: string; error?: string; id: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
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

/** Rows to list: proposed (or being withdrawn) corrections, whole-item ones first, then by turn. */
function correctionRows(snapshot: CorrectionsPanelProps["snapshot"]): CorrectionRow[] {
  return Object.entries(snapshot.fields)
    .flatMap(([key, view]) => {
      const parsed = parseCorrectionKey(key);
      return parsed && (view.value !== null || view.status.kind !== "idle") ? [{ key, ...parsed, view }] : [];
    })
    .sort((a, b) => a.turnOrder - b.turnOrder || CORRECTION_KEYS.indexOf(a.kind) - CORRECTION_KEYS.indexOf(b.kind));
}

export function CorrectionsPanel({ snapshot, optionLabels, turns, readOnly, onSave, onRetry }: CorrectionsPanelProps) {
  const t = useTranslations("rubric.corrections");
  const id = useId();
  const kinds = availableKinds(optionLabels, turns !== undefined).filter(
    (k) => !turns || k.kind === "REMOVE" || turnsFor(k.kind, turns).length > 0,
  );
  const rows = correctionRows(snapshot);
  const [open, setOpen] = useState(rows.length > 0);
  const savedOf = (kind: CorrectionKind, turnOrder: number) => snapshot.fields[correctionKey(kind, turnOrder)]?.value ?? null;
  /** Turns (of a conversation) that already have a correction of this kind. */
  const proposedTurns = (kind: CorrectionKind) => (turns ? turnsFor(kind, turns).filter((t) => savedOf(kind, t.turnOrder)) : []);
  const full = (kind: CorrectionKind) =>
    !turns || kind === "REMOVE" ? savedOf(kind, 0) !== null : proposedTurns(kind).length === turnsFor(kind, turns).length;
  // A blank draft of the first type not yet proposed everywhere (or the first proposal, to edit, when all are).
  const freshDraft = (taken?: CorrectionKind): CorrectionDraft => {
    const free = kinds.find((k) => k.kind !== taken && !full(k.kind));
    if (free) return emptyDraft(free.kind);
    const first = rows.find((r) => r.view.value)?.view.value;
    return first ? draftFromCorrection(first) : emptyDraft(kinds[0]?.kind ?? "STEM");
  };
  const [draft, setDraft] = useState<CorrectionDraft>(() => freshDraft());
  const [errors, setErrors] = useState<DraftErrors>({});
  const formRef = useRef<HTMLDivElement>(null);
  const labels = draftOptionLabels(draft, optionLabels, turns);
  const info = kindInfo(draft.kind, labels);
  const turnOrder = draft.kind === "REMOVE" ? 0 : draft.turnOrder;
  // On a conversation, "no turn chosen yet" (0) is never an edit of an existing correction.
  const editing = (!turns || draft.kind === "REMOVE" || turnOrder > 0) && savedOf(draft.kind, turnOrder) !== null;

  const update = (patch: Partial<CorrectionDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const chooseKind = (kind: CorrectionKind) => {
    setDraft((d) => {
      // The chosen turn stays when the new kind can name it.
      const order = turns && turnsFor(kind, turns).some((t) => t.turnOrder === d.turnOrder) ? d.turnOrder : 0;
      const saved = turns && kind !== "REMOVE" && order === 0 ? null : savedOf(kind, order);
      // Switching type keeps a typed rationale; an existing correction of that type (and turn) loads for editing.
      return saved ? draftFromCorrection(saved) : { ...emptyDraft(kind, order), rationale: d.rationale };
    });
    setErrors({});
  };
  const chooseTurn = (order: number) => {
    setDraft((d) => {
      const saved = order > 0 ? savedOf(d.kind, order) : null;
      if (saved) return draftFromCorrection(saved);
      // Leaving a loaded correction starts a blank one (keeping the rationale); a typed draft just moves.
      return savedOf(d.kind, d.turnOrder) && d.turnOrder > 0
        ? { ...emptyDraft(d.kind, order), rationale: d.rationale }
        : { ...d, turnOrder: order };
    });
    setErrors((e) => ({ ...e, turn: undefined }));
  };
  const edit = (c: CorrectionView) => {
    setDraft(draftFromCorrection(c));
    setErrors({});
    setOpen(true);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("select, textarea")?.focus());
  };
  const save = () => {
    const found = validateDraft(draft, optionLabels, turns);
    setErrors(found);
    const first = (["turn", "option", "proposal", "rationale"] as const).find((k) => found[k]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    const confirmed = snapshot.fields[correctionKey(draft.kind, turnOrder)]?.confirmed ?? null;
    onSave(draft.kind, turnOrder, correctionFromDraft(draft, confirmed, labels));
    setDraft(freshDraft(draft.kind));
  };
  /** The kind's name in the type picker, saying where it is already proposed. */
  const kindOption = (kind: CorrectionKind) => {
    const label = t(`kinds.${kind}`);
    if (!turns || kind === "REMOVE") return savedOf(kind, 0) ? t("proposed", { label }) : label;
    const on = proposedTurns(kind).map((turn) => turn.turnOrder);
    return on.length ? t("proposedOnTurns", { label, turns: on.join(", ") }) : label;
  };

  return (
    <Card as="details" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} padding="none" raised>
      <summary className="cursor-pointer select-none px-4 py-3 text-sm font-semibold text-slate-900">
        {t("summary")}{" "}
        <span className="font-normal text-slate-600">{rows.length ? t("optionalCount", { count: rows.length }) : t("optional")}</span>
      </summary>
      <div className="space-y-4 border-t border-slate-200 px-4 py-4">
        {rows.length > 0 && (
          <CorrectionList rows={rows} turns={turns} readOnly={readOnly} onEdit={edit} onSave={onSave} onRetry={onRetry} />
        )}
        {readOnly ? (
          rows.length === 0 && <p className="text-sm text-slate-600">{t("none")}</p>
        ) : (
          <div ref={formRef} className="space-y-3">
            <SelectField
              label={t("type")}
              name={`${id}-kind`}
              value={draft.kind}
              onChange={(e) => chooseKind(e.target.value as CorrectionKind)}
            >
              {kinds.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {kindOption(k.kind)}
                </option>
              ))}
            </SelectField>
            {turns && draft.kind !== "REMOVE" && (
              <SelectField
                label={t("turn")}
                name={`${id}-turn`}
                data-field="turn"
                value={turnOrder > 0 ? String(turnOrder) : ""}
                error={errors.turn && t(`errors.${errors.turn}`)}
                onChange={(e) => chooseTurn(Number(e.target.value) || 0)}
              >
                <option value="">{t("chooseTurn")}</option>
                {turnsFor(draft.kind, turns).map((turn) => (
                  <option key={turn.turnOrder} value={String(turn.turnOrder)}>
                    {savedOf(draft.kind, turn.turnOrder) ? t("proposed", { label: turn.label }) : turn.label}
                  </option>
                ))}
              </SelectField>
            )}
            {info.option && (
              <SelectField
                label={t(`optionLabels.${info.option}`)}
                name={`${id}-option`}
                data-field="option"
                value={draft.option}
                error={errors.option && t(`errors.${errors.option}`)}
                onChange={(e) => update({ option: e.target.value })}
              >
                <option value="">{t("chooseOption")}</option>
                {labels.map((o) => (
                  <option key={o} value={o}>
                    {t("option", { option: o })}
                  </option>
                ))}
              </SelectField>
            )}
            {info.proposal && (
              <TextArea
                id={`${id}-proposal`}
                data-field="proposal"
                label={t(`proposalLabels.${info.proposal}`)}
                value={draft.proposal}
                error={errors.proposal && t(`errors.${errors.proposal}`)}
                onChange={(e) => update({ proposal: e.target.value })}
              />
            )}
            <TextArea
              id={`${id}-rationale`}
              data-field="rationale"
              label={t("rationale")}
              value={draft.rationale}
              error={errors.rationale && t(`errors.${errors.rationale}`)}
              onChange={(e) => update({ rationale: e.target.value })}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={save}>
                {editing ? t("update") : t("save")}
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
                  {t("cancelEditing")}
                </Button>
              )}
            </div>
          </div>
        )}
      </div>
    </Card>
  );
}
