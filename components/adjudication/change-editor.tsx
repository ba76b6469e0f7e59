"use client";
// Edits the change an accepted correction applies. On a conversation it edits the values of the
// correction's turn (its question, its options A–E); the turn itself is the one the rater named.
import type { AppliedChange } from "@/lib/adjudication/apply";

export type Applied = AppliedChange;

export interface ChangeEditorProps {
  applied: Applied;
  /** The option labels of the item, or of the correction's turn. */
  optionLabels: string[];
  onChange: (a: Applied) => void;
}

const INPUT = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1";

function LabelSelect({ label, value, optionLabels, onChange }: { label: string; value: string; optionLabels: string[]; onChange: (v: string) => void }) {
  return (
    <label className="block">
      {label}
      <select className={INPUT} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose…</option>
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
  switch (applied.kind) {
    case "STEM":
      return <label className="block">New question<textarea className={INPUT} value={applied.question} onChange={(e) => onChange({ ...applied, question: e.target.value })} /></label>;
    case "GOLD":
      return <LabelSelect label="New gold" value={applied.answer} optionLabels={optionLabels} onChange={(answer) => onChange({ ...applied, answer })} />;
    case "DISTRACTOR":
      return (
        <div className="flex gap-2">
          <label>Option<select className={INPUT} value={applied.label} onChange={(e) => onChange({ ...applied, label: e.target.value })}><option value="">…</option>{optionLabels.map((l) => <option key={l}>{l}</option>)}</select></label>
          <label className="flex-1">New text<input className={INPUT} value={applied.text} onChange={(e) => onChange({ ...applied, text: e.target.value })} /></label>
        </div>
      );
    case "EVIDENCE":
      // A source turn's evidence is its correct option: the same change as a new gold on that turn.
      if ("answer" in applied)
        return <LabelSelect label="Option citing the right evidence (new gold of this source turn)" value={applied.answer} optionLabels={optionLabels} onChange={(answer) => onChange({ ...applied, answer })} />;
      return <label className="block">Evidence event ids (comma-separated)<input className={INPUT} value={applied.evidenceEventIds.join(", ")} onChange={(e) => onChange({ ...applied, evidenceEventIds: e.target.value.split(/[\s,]+/).filter(Boolean) })} /></label>;
    case "REMOVE":
      return <p className="text-slate-600">The item will be dropped from the corrected benchmark.</p>;
  }
}
