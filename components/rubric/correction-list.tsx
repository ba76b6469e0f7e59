"use client";
// The clinician's proposed corrections (one per kind and turn), each with its save state.
import { Button } from "../ui/button";
import { correctionSummary, kindInfo } from "./corrections";
import type { FieldView } from "./save-queue";
import { SaveStatus } from "./save-status";
import type { CorrectionKind, CorrectionView, TurnOption } from "./types";

export interface CorrectionRow {
  key: string;
  kind: CorrectionKind;
  turnOrder: number;
  view: FieldView<CorrectionView | null, CorrectionView | null>;
}

export interface CorrectionListProps {
  rows: CorrectionRow[];
  optionLabels: string[];
  turns?: TurnOption[];
  readOnly: boolean;
  onEdit(correction: CorrectionView): void;
  onSave(kind: CorrectionKind, turnOrder: number, correction: CorrectionView | null): void;
  onRetry(kind: CorrectionKind, turnOrder: number): void;
}

export function CorrectionList({ rows, optionLabels, turns, readOnly, onEdit, onSave, onRetry }: CorrectionListProps) {
  return (
    <ul className="space-y-2" aria-label="Your corrections">
      {rows.map(({ key, kind, turnOrder, view }) => {
        const kindLabel = kindInfo(kind, optionLabels).label;
        // "New gold answer" for the whole item; "New gold answer · Turn 3" (and the turn's question) for a turn.
        const title = turnOrder > 0 ? `${kindLabel} · Turn ${turnOrder}` : kindLabel;
        const subject = turnOrder > 0 ? `${kindLabel} (turn ${turnOrder})` : kindLabel;
        const turn = turnOrder > 0 ? turns?.find((t) => t.turnOrder === turnOrder) : undefined;
        const withdrawn = view.value === null;
        const discarded = view.status.kind === "conflict" ? view.status.discarded : undefined;
        return (
          <li key={key} className="rounded-md border border-slate-200 p-3" data-correction={key}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-medium text-slate-900">
                {title}
                {withdrawn && <span className="font-normal text-slate-600"> — withdrawn</span>}
              </p>
              <SaveStatus
                status={view.status}
                hasValue={!withdrawn}
                subject={`${subject} correction`}
                onRetry={() => onRetry(kind, turnOrder)}
                onUseMine={discarded === undefined ? undefined : () => onSave(kind, turnOrder, discarded)}
              />
            </div>
            {turn && <p className="mt-0.5 text-xs text-slate-600">{turn.label}</p>}
            {view.value && (
              <>
                <p className="mt-1 whitespace-pre-wrap text-sm text-slate-800">{correctionSummary(view.value)}</p>
                <p className="mt-1 whitespace-pre-wrap text-sm text-slate-600">Rationale: {view.value.rationale}</p>
                {!readOnly && (
                  <div className="mt-2 flex gap-2">
                    <Button type="button" variant="secondary" size="sm" onClick={() => view.value && onEdit({ ...view.value, kind, turnOrder })} aria-label={`Edit ${subject} correction`}>
                      Edit
                    </Button>
                    <Button type="button" variant="danger" size="sm" onClick={() => onSave(kind, turnOrder, null)} aria-label={`Withdraw ${subject} correction`}>
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
  );
}
