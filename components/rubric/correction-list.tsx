"use client";
// The clinician's proposed corrections (one per kind and turn), each with its save state.
import { useTranslations } from "@/lib/i18n/client";
import { Button } from "../ui/button";
import { correctionSummary, type CorrectionSummary } from "./corrections";
import type { FieldView } from "./save-queue-types";
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
  turns?: TurnOption[];
  readOnly: boolean;
  onEdit(correction: CorrectionView): void;
  onSave(kind: CorrectionKind, turnOrder: number, correction: CorrectionView | null): void;
  onRetry(kind: CorrectionKind, turnOrder: number): void;
}

export function CorrectionList({ rows, turns, readOnly, onEdit, onSave, onRetry }: CorrectionListProps) {
  const t = useTranslations("rubric.corrections");
  const summary = (s: CorrectionSummary) =>
    s.kind === "remove"
      ? t("kinds.REMOVE")
      : s.kind === "newGold"
        ? s.text === null
          ? t("list.newGold", { option: s.option })
          : t("list.newGoldWithText", { option: s.option, text: s.text })
        : s.text;
  return (
    <ul className="space-y-2" aria-label={t("list.label")}>
      {rows.map(({ key, kind, turnOrder, view }) => {
        const kindLabel = t(`kinds.${kind}`);
        // "New gold answer" for the whole item; "New gold answer · Turn 3" (and the turn's question) for a turn.
        const title = turnOrder > 0 ? t("list.titleOnTurn", { kind: kindLabel, turn: turnOrder }) : kindLabel;
        const subject =
          turnOrder > 0 ? t("list.subjectOnTurn", { kind: kindLabel, turn: turnOrder }) : t("list.subject", { kind: kindLabel });
        const turn = turnOrder > 0 ? turns?.find((t) => t.turnOrder === turnOrder) : undefined;
        const withdrawn = view.value === null;
        const discarded = view.status.kind === "conflict" ? view.status.discarded : undefined;
        return (
          <li key={key} className="rounded-md border border-slate-200 p-3" data-correction={key}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-medium text-slate-900">
                {title}
                {withdrawn && <span className="font-normal text-slate-600"> {t("list.withdrawn")}</span>}
              </p>
              <SaveStatus
                status={view.status}
                hasValue={!withdrawn}
                subject={subject}
                onRetry={() => onRetry(kind, turnOrder)}
                onUseMine={discarded === undefined ? undefined : () => onSave(kind, turnOrder, discarded)}
              />
            </div>
            {turn && <p className="mt-0.5 text-xs text-slate-600">{turn.label}</p>}
            {view.value && (
              <>
                <p className="mt-1 whitespace-pre-wrap text-sm text-slate-800">{summary(correctionSummary(view.value))}</p>
                <p className="mt-1 whitespace-pre-wrap text-sm text-slate-600">{t("list.rationale", { text: view.value.rationale })}</p>
                {!readOnly && (
                  <div className="mt-2 flex gap-2">
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      onClick={() => view.value && onEdit({ ...view.value, kind, turnOrder })}
                      aria-label={t("list.editLabel", { subject })}
                    >
                      {t("list.edit")}
                    </Button>
                    <Button
                      type="button"
                      variant="danger"
                      size="sm"
                      onClick={() => onSave(kind, turnOrder, null)}
                      aria-label={t("list.withdrawLabel", { subject })}
                    >
                      {t("list.withdraw")}
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
