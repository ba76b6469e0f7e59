"use client";
import { useTranslations } from "@/lib/i18n/client";
import type { TurnChoice } from "@/lib/adjudication/turns";
import { type Applied, ChangeEditor } from "./change-editor";
import type { AdjudicationCorrection } from "./proposed-change";
import { correctionField, type Problem, reasonField } from "./problems";

export type Decision = "ACCEPTED" | "EDITED" | "REJECTED";
export interface DecisionDraft {
  decision: Decision;
  applied: Applied;
  rationale: string;
}

/** One proposed correction: what was proposed and why, the decision on it, the change as applied, and the reason. */
export function CorrectionDecision({
  correction: c,
  what,
  turn,
  optionLabels,
  value: d,
  problem,
  disabled,
  onChange,
}: {
  correction: AdjudicationCorrection;
  /** Its name in the reader's words ("Gold answer, on turn 3"). */
  what: string;
  turn: TurnChoice | undefined;
  optionLabels: string[];
  value: DecisionDraft;
  problem: Problem | undefined;
  /** Until hydrated (see the panel). */
  disabled: boolean;
  onChange: (patch: Partial<DecisionDraft>) => void;
}) {
  const t = useTranslations("adjudication.panel");
  return (
    <fieldset
      id={correctionField(c.id)}
      disabled={disabled}
      className="space-y-2 rounded-md border border-slate-200 p-3 text-sm"
      data-testid={`correction-${c.kind}`}
      data-turn={c.turnOrder || undefined}
    >
      <legend className="px-1 font-medium">{t("proposedBy", { what, by: c.proposedBy })}</legend>
      {c.turnOrder > 0 && <p className="text-xs text-slate-600">{turn?.label ?? t("turnMissing", { turn: c.turnOrder })}</p>}
      {c.proposal && (
        <p className="whitespace-pre-line">
          {c.kind === "GOLD" ? t("goldThen", { gold: c.newGold ?? "" }) : ""}
          {c.proposal}
        </p>
      )}
      {c.kind === "GOLD" && !c.proposal && <p>{t("gold", { gold: c.newGold ?? "" })}</p>}
      <p className="text-slate-600">{t("rationaleOf", { rationale: c.rationale })}</p>
      <div className="flex flex-wrap gap-4">
        {(["ACCEPTED", "EDITED", "REJECTED"] as const).map((value) => (
          <label key={value} className="flex items-center gap-1">
            <input type="radio" name={`decision-${c.id}`} checked={d.decision === value} onChange={() => onChange({ decision: value })} />
            {t(`decision.${value}`)}
          </label>
        ))}
      </div>
      {d.decision === "EDITED" && (
        <ChangeEditor applied={d.applied} optionLabels={optionLabels} onChange={(applied) => onChange({ applied })} />
      )}
      <label className="block">
        <span className="text-slate-700">{t("decisionReason")}</span>
        <input
          id={reasonField(c.id)}
          className={`mt-1 w-full rounded-md border px-2 py-1 ${problem ? "border-red-700" : "border-slate-300"}`}
          value={d.rationale}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? `${reasonField(c.id)}-error` : undefined}
          onChange={(e) => onChange({ rationale: e.target.value })}
        />
      </label>
      {problem && (
        <p id={`${reasonField(c.id)}-error`} className="text-red-700">
          {problem.text}
        </p>
      )}
    </fieldset>
  );
}
