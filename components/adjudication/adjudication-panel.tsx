"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useState, useTransition } from "react";
import { useClientMount } from "../ui/use-client-mount";
import { saveAdjudicationAction } from "@/lib/actions/adjudication";
import type { TurnChoice } from "@/lib/adjudication/turns";
import { saveAdjudicationSchema } from "@/lib/schemas/adjudication";
import { checkFields } from "@/lib/schemas/issues";
import { Button } from "../ui/button";
import { FormError, FormSuccess } from "../ui/form-error";
import { CorrectionDecision, type Decision } from "./correction-decision";
import { proposedChange, type AdjudicationCorrection } from "./proposed-change";
import { FINAL_LABELS_FIELD, finalLabelField, problemsOf, RATIONALE_FIELD, reasonField, type Problem } from "./problems";
import { type AdjudicatedQuestion, type RaterAnswers, RaterRatings } from "./rater-ratings";
import { Card, CardTitle } from "../ui/card";

export type { AdjudicationCorrection } from "./proposed-change";

export interface AdjudicationPanelProps {
  auditId: string;
  auditItemId: string;
  /**
   * What the raters answered, keyed like their ratings: one entry per dimension, per turn on a
   * per-turn dimension ("gold@t3", labelled with its turn). A final label is given for each.
   */
  rubric: AdjudicatedQuestion[];
  raters: RaterAnswers[];
  majority: Record<string, string | null>;
  corrections: AdjudicationCorrection[];
  optionLabels: string[];
  /** Conversations: their turns, to name and edit the turn each correction is about. */
  turns?: TurnChoice[];
  existing: { finalLabels: Record<string, string>; rationale: string } | null;
  nextHref: string | null;
}

export function AdjudicationPanel(props: AdjudicationPanelProps) {
  const t = useTranslations("adjudication.panel");
  const tr = useTranslations();
  const [pending, start] = useTransition();
  // Controls disabled until hydrated: a choice made in the server's HTML before React owns the
  // form would be reset by hydration, and the default saved in its place.
  const live = useClientMount();
  // Each question's stored label, else its majority (a label stored for the whole item before
  // per-turn adjudication is not a turn's: the turn starts from its majority).
  const [labels, setLabels] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      props.rubric.map((d) => [d.key, props.existing?.finalLabels[d.key] ?? props.majority[d.key] ?? d.categories[0]!.key]),
    ),
  );
  const [rationale, setRationale] = useState(props.existing?.rationale ?? "");
  const [decisions, setDecisions] = useState(() =>
    Object.fromEntries(
      props.corrections.map((c) => [
        c.id,
        {
          decision: c.decided?.decision ?? ("REJECTED" as Decision),
          applied: c.decided?.applied ?? proposedChange(c, !!props.turns),
          rationale: c.decided?.rationale ?? "",
        },
      ]),
    ),
  );
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const problemOf = (fieldId: string) => problems.find((p) => p.fieldId === fieldId);
  const nameOf = (c: AdjudicationCorrection) =>
    c.turnOrder > 0 ? t("onTurn", { what: t(`kind.${c.kind}`), turn: c.turnOrder }) : t(`kind.${c.kind}`);
  /** Marks the fields the save was refused for and takes the reader to the first (the item stays to do). */
  const refuse = (errors: Record<string, string>) => {
    const list = problemsOf(
      errors,
      props.corrections,
      (i) => nameOf(props.corrections[i]!),
      (key) => props.rubric.find((d) => d.key === key)?.label,
    );
    setProblems(list);
    setMessage({ ok: false, text: t("notSaved", { count: list.length }) });
    const first = list[0] && document.getElementById(list[0].fieldId);
    (first?.matches("input, textarea, select") ? first : first?.querySelector<HTMLElement>("input, textarea, select"))?.focus();
  };
  const set = (id: string, patch: Partial<(typeof decisions)[string]>) => setDecisions((d) => ({ ...d, [id]: { ...d[id]!, ...patch } }));

  const save = () =>
    start(async () => {
      const input = {
        auditId: props.auditId,
        auditItemId: props.auditItemId,
        finalLabels: labels,
        rationale,
        decisions: props.corrections.map((c) => ({
          correctionId: c.id,
          ...decisions[c.id]!,
          applied: decisions[c.id]!.decision === "REJECTED" ? null : decisions[c.id]!.applied,
        })),
      };
      // The server's schema first (the same words, no round trip); the panel shows the first problem.
      const local = checkFields(saveAdjudicationSchema, input, tr);
      if (local) return refuse(local);
      const result = await saveAdjudicationAction(input);
      if (!result.ok && result.fieldErrors && Object.keys(result.fieldErrors).length) return refuse(result.fieldErrors);
      setProblems([]);
      setMessage(result.ok ? { ok: true, text: t("saved") } : { ok: false, text: result.error });
    });

  return (
    <Card as="section" aria-labelledby="adjudication-heading" padding="md" raised className="space-y-5">
      <CardTitle id="adjudication-heading">{t("heading")}</CardTitle>
      <RaterRatings rubric={props.rubric} raters={props.raters} />

      <fieldset id={FINAL_LABELS_FIELD} className="space-y-3" disabled={!live}>
        <legend className="text-sm font-semibold">{t("finalLabel")}</legend>
        {props.rubric.map((d) => {
          const problem = problemOf(finalLabelField(d.key));
          return (
            <div key={d.key} className="text-sm">
              <label className="flex flex-col gap-1">
                <span>{d.label}</span>
                <select
                  id={finalLabelField(d.key)}
                  aria-label={t("finalLabelFor", { label: d.label })}
                  aria-invalid={Boolean(problem)}
                  aria-describedby={problem ? `${finalLabelField(d.key)}-error` : undefined}
                  className={`w-full max-w-sm rounded-md border px-2 py-1 ${problem ? "border-red-700" : "border-slate-300"}`}
                  value={labels[d.key]}
                  onChange={(e) => setLabels({ ...labels, [d.key]: e.target.value })}
                >
                  {d.categories.map((c) => (
                    <option key={c.key} value={c.key}>
                      {props.majority[d.key] === c.key ? t("majorityOption", { label: c.label }) : c.label}
                    </option>
                  ))}
                </select>
              </label>
              {problem && (
                <p id={`${finalLabelField(d.key)}-error`} className="mt-1 text-red-700">
                  {problem.text}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>

      {props.corrections.length > 0 && (
        <div className="space-y-4">
          <h3 className="text-sm font-semibold">{t("corrections", { count: props.corrections.length })}</h3>
          {props.corrections.map((c) => {
            const turn = c.turnOrder > 0 ? props.turns?.find((x) => x.turnOrder === c.turnOrder) : undefined;
            return (
              <CorrectionDecision
                key={c.id}
                correction={c}
                what={nameOf(c)}
                turn={turn}
                optionLabels={turn?.optionLabels ?? props.optionLabels}
                value={decisions[c.id]!}
                problem={problemOf(reasonField(c.id))}
                disabled={!live}
                onChange={(patch) => set(c.id, patch)}
              />
            );
          })}
        </div>
      )}

      <label className="block text-sm">
        <span className="font-semibold">{t("rationale")}</span>
        <textarea
          id={RATIONALE_FIELD}
          className={`mt-1 w-full rounded-md border px-2 py-1 ${problemOf(RATIONALE_FIELD) ? "border-red-700" : "border-slate-300"}`}
          rows={3}
          disabled={!live}
          value={rationale}
          aria-invalid={Boolean(problemOf(RATIONALE_FIELD))}
          aria-describedby={problemOf(RATIONALE_FIELD) ? `${RATIONALE_FIELD}-error` : undefined}
          onChange={(e) => setRationale(e.target.value)}
        />
      </label>
      {problemOf(RATIONALE_FIELD) && (
        <p id={`${RATIONALE_FIELD}-error`} className="text-sm text-red-700">
          {problemOf(RATIONALE_FIELD)?.text}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={save} disabled={pending || !live}>
          {pending ? t("saving") : t("save")}
        </Button>
        {props.nextHref && (
          <a href={props.nextHref} className="text-sm text-teal-800 underline">
            {t("next")}
          </a>
        )}
        {message?.ok && <FormSuccess>{message.text}</FormSuccess>}
        {message && !message.ok && (
          <FormError>
            <p>{message.text}</p>
            {problems.length > 0 && (
              <ul className="mt-1 list-disc pl-5" data-testid="adjudication-problems">
                {problems.map((p) => (
                  <li key={p.fieldId}>{p.about ? t("problemOf", { about: p.about, problem: p.text }) : p.text}</li>
                ))}
              </ul>
            )}
          </FormError>
        )}
      </div>
    </Card>
  );
}
