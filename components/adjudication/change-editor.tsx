"use client";
// Edits the change an accepted correction applies. On a conversation it edits the values of the
// correction's turn (its question, its options A–E); the turn itself is the one the rater named.
import { useTranslations } from "@/lib/i18n/client";
import type { AppliedChange } from "@/lib/adjudication/apply";

export type Applied = AppliedChange;

export interface ChangeEditorProps {
  applied: Applied;
  /** The option labels of the item, or of the correction's turn. */
  optionLabels: string[];
  onChange: (a: Applied) => void;
}

const INPUT = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1";

function LabelSelect({
  label,
  value,
  optionLabels,
  onChange,
}: {
  label: string;
  value: string;
  optionLabels: string[];
  onChange: (v: string) => void;
}) {
  const t = useTranslations("adjudication.change");
  return (
    <label className="block">
      {label}
      <select className={INPUT} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t("choose")}</option>
        {optionLabels.map((l) => (
          <option key={l} value={l}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ChangeEditor({ applied, optionLabels, onChange }: ChangeEditorProps) {
  const t = useTranslations("adjudication.change");
  switch (applied.kind) {
    case "STEM":
      return (
        <label className="block">
          {t("question")}
          <textarea className={INPUT} value={applied.question} onChange={(e) => onChange({ ...applied, question: e.target.value })} />
        </label>
      );
    case "GOLD":
      return (
        <LabelSelect
          label={t("gold")}
          value={applied.answer}
          optionLabels={optionLabels}
          onChange={(answer) => onChange({ ...applied, answer })}
        />
      );
    case "DISTRACTOR":
      return (
        <div className="flex gap-2">
          <label>
            {t("option")}
            <select className={INPUT} value={applied.label} onChange={(e) => onChange({ ...applied, label: e.target.value })}>
              <option value="">…</option>
              {optionLabels.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </select>
          </label>
          <label className="flex-1">
            {t("text")}
            <input className={INPUT} value={applied.text} onChange={(e) => onChange({ ...applied, text: e.target.value })} />
          </label>
        </div>
      );
    case "EVIDENCE":
      // A source turn's evidence is its correct option: the same change as a new gold on that turn.
      if ("answer" in applied)
        return (
          <LabelSelect
            label={t("sourceOption")}
            value={applied.answer}
            optionLabels={optionLabels}
            onChange={(answer) => onChange({ ...applied, answer })}
          />
        );
      return (
        <div className="space-y-2">
          <label className="block">
            {t("evidenceIds")}
            <input
              className={INPUT}
              value={applied.evidenceEventIds.join(", ")}
              onChange={(e) => onChange({ ...applied, evidenceEventIds: e.target.value.split(/[\s,]+/).filter(Boolean) })}
            />
          </label>
          {/* Blank: the export composes the text from the chosen events, as the benchmark writes it. */}
          <label className="block">
            {t("evidenceText")}
            <textarea
              className={INPUT}
              rows={3}
              value={applied.evidenceText ?? ""}
              onChange={(e) => onChange({ ...applied, evidenceText: e.target.value || undefined })}
            />
          </label>
        </div>
      );
    case "REMOVE_TURN":
      return <p className="text-slate-600">{t("removeTurn", { turn: applied.turnOrder })}</p>;
    case "REMOVE":
      return <p className="text-slate-600">{t("remove")}</p>;
  }
}
