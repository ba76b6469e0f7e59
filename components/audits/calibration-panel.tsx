"use client";
import { useTranslations } from "@/lib/i18n/client";
import { type ReactNode, useState } from "react";
import {
  addPracticeItemAction,
  removePracticeItemAction,
  setCalibrationRuleAction,
  startCalibrationRoundAction,
} from "@/lib/actions/calibration";
import { utcMinute } from "@/lib/i18n/timestamp";
import type { CalibrationOverview } from "@/lib/server/calibration/results";
import type { ActionResult } from "@/lib/server/action";
import { FormError, FormSuccess } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { controlClass, Field } from "../ui/field";

interface Dimension {
  key: string;
  label: string;
  perTurn: boolean;
  categories: { key: string; label: string }[];
}

/** The fields this form shows errors under (the rest are said in the alert). */
const shownField = (field: string) => ["externalId", "rationale", "passPercent"].includes(field) || field.startsWith("key.");

/** One of the panel's steps: the action to send, and what to do once it succeeded. */
type Step = { send: () => Promise<ActionResult<unknown>>; then?: () => void };

/**
 * The organizer's calibration setup: the pass rule, the practice items with their keys (typed in
 * or taken from an earlier audit's adjudication), and the rounds (the first for everyone, later
 * re-calibrations for all or some raters). Results per rater are shown beside it (`results`).
 */
export function CalibrationPanel(props: {
  auditId: string;
  dimensions: Dimension[];
  overview: CalibrationOverview;
  raters: { id: string; name: string }[];
  sources: { id: string; name: string }[];
  locked: boolean;
  results: ReactNode;
}) {
  const { auditId, dimensions, overview, raters, sources, locked } = props;
  const t = useTranslations("calibration.setup");
  const {
    submit,
    pending,
    error,
    fieldErrors: fields,
    done,
  } = useActionForm((step: Step) => step.send(), { onSuccess: (_, step) => step.then?.() });
  const run = (send: Step["send"], then?: Step["then"]) => submit({ send, then });
  const started = overview.rounds.length > 0;
  const label = (dim: string, category: string) => {
    const d = dimensions.find((x) => x.key === dim.replace(/@t\d+$/, ""));
    return `${d?.label ?? dim}${dim.includes("@") ? ` (${dim.split("@")[1]})` : ""}: ${d?.categories.find((c) => c.key === category)?.label ?? category}`;
  };

  const [passPercent, setPassPercent] = useState(String(overview.passPercent));
  const [gate, setGate] = useState(overview.gate);
  const [externalId, setExternalId] = useState("");
  const [source, setSource] = useState<"typed" | string>("typed");
  const [key, setKey] = useState<Record<string, string>>({});
  const [rationale, setRationale] = useState("");
  const [everyone, setEveryone] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);

  return (
    <Card as="section" id="calibration" aria-labelledby="calibration-heading" padding="md" raised>
      <CardTitle id="calibration-heading">{t("title")}</CardTitle>
      <p className="mt-1 max-w-3xl text-xs text-slate-600">{t("description")}</p>

      <fieldset className="mt-4 space-y-2" disabled={locked || pending}>
        <legend className="text-sm font-semibold text-slate-800">{t("rule")}</legend>
        <Field id="calibration-pass" label={t("passPercent")} className="max-w-xs" error={fields.passPercent}>
          <input
            className={controlClass}
            type="number"
            min={0}
            max={100}
            value={passPercent}
            onChange={(e) => setPassPercent(e.target.value)}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="calibration-gate" checked={gate} onChange={() => setGate(true)} />
          {t("gate")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="calibration-gate" checked={!gate} onChange={() => setGate(false)} />
          {t("reportOnly")}
        </label>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => run(() => setCalibrationRuleAction({ auditId, passPercent: Number(passPercent), gate }))}
        >
          {t("saveRule")}
        </Button>
      </fieldset>

      <h3 className="mt-5 text-sm font-semibold text-slate-800">{t("items")}</h3>
      {overview.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t("noItems")}</p>
      ) : (
        <ol className="mt-1 space-y-2 text-sm" data-testid="practice-items">
          {overview.items.map((item) => (
            <li key={item.id} className="rounded-md border border-slate-200 p-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{item.externalId}</span>
                <span className="text-slate-700">
                  {Object.entries(item.key)
                    .map(([d, c]) => label(d, c))
                    .join(" · ")}
                </span>
                {!started && !locked && (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="ml-auto"
                    disabled={pending}
                    onClick={() => run(() => removePracticeItemAction({ auditId, calibrationItemId: item.id }))}
                  >
                    {t("remove")}
                  </Button>
                )}
              </div>
              {item.rationale && <p className="mt-1 text-xs text-slate-600">{item.rationale}</p>}
            </li>
          ))}
        </ol>
      )}

      {started ? (
        <p className="mt-2 text-xs text-slate-600">{t("fixed")}</p>
      ) : (
        <fieldset className="mt-3 space-y-2 rounded-md border border-slate-200 p-3" disabled={locked || pending}>
          <legend className="px-1 text-sm font-semibold text-slate-800">{t("add")}</legend>
          <Field id="calibration-item" label={t("externalId")} error={fields.externalId}>
            <input className={controlClass} value={externalId} onChange={(e) => setExternalId(e.target.value)} />
          </Field>
          <Field id="calibration-source" label={t("keySource")}>
            <select className={controlClass} value={source} onChange={(e) => setSource(e.target.value)}>
              <option value="typed">{t("typed")}</option>
              {sources.map((s) => (
                <option key={s.id} value={s.id}>
                  {t("fromAudit")}: {s.name}
                </option>
              ))}
            </select>
          </Field>
          {source === "typed" &&
            dimensions
              .filter((d) => !d.perTurn)
              .map((d) => (
                <Field key={d.key} id={`calibration-key-${d.key}`} label={`${t("key")}: ${d.label}`} error={fields[`key.${d.key}`]}>
                  <select className={controlClass} value={key[d.key] ?? ""} onChange={(e) => setKey({ ...key, [d.key]: e.target.value })}>
                    <option value="">{t("choose")}</option>
                    {d.categories.map((c) => (
                      <option key={c.key} value={c.key}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                </Field>
              ))}
          {source === "typed" && dimensions.some((d) => d.perTurn) && <p className="text-xs text-slate-600">{t("perTurnNote")}</p>}
          <Field id="calibration-rationale" label={t("rationale")} error={fields.rationale}>
            <textarea className={controlClass} rows={2} value={rationale} onChange={(e) => setRationale(e.target.value)} />
          </Field>
          <Button
            size="sm"
            onClick={() =>
              run(
                () =>
                  addPracticeItemAction({ auditId, externalId, rationale, ...(source === "typed" ? { key } : { keyFromAuditId: source }) }),
                () => {
                  setExternalId("");
                  setKey({});
                  setRationale("");
                },
              )
            }
          >
            {t("addButton")}
          </Button>
        </fieldset>
      )}

      <h3 className="mt-5 text-sm font-semibold text-slate-800">{t("rounds")}</h3>
      <ul className="text-sm text-slate-700">
        {overview.rounds.map((r) => (
          <li key={r.id}>
            {t("roundLine", {
              number: r.number,
              who: r.raterIds === null ? t("everyone") : r.raterIds.map((id) => raters.find((x) => x.id === id)?.name ?? id).join(", "),
              date: utcMinute(new Date(r.startedAt)),
            })}
          </li>
        ))}
      </ul>
      {!locked && overview.items.length > 0 && (
        <fieldset className="mt-2 space-y-2" disabled={pending}>
          <legend className="text-xs text-slate-600">{started ? t("recalibrateHint") : t("startHint")}</legend>
          {started && (
            <>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="calibration-who" checked={everyone} onChange={() => setEveryone(true)} />
                {t("allRaters")}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="calibration-who" checked={!everyone} onChange={() => setEveryone(false)} />
                {t("someRaters")}
              </label>
              <div className="flex flex-wrap gap-3 pl-6">
                {raters.map((r) => (
                  <label key={r.id} className="flex items-center gap-1 text-sm">
                    <input
                      type="checkbox"
                      disabled={everyone}
                      checked={chosen.includes(r.id)}
                      onChange={(e) => setChosen(e.target.checked ? [...chosen, r.id] : chosen.filter((x) => x !== r.id))}
                    />
                    {r.name}
                  </label>
                ))}
              </div>
            </>
          )}
          <Button
            size="sm"
            onClick={() => run(() => startCalibrationRoundAction({ auditId, raterIds: started && !everyone ? chosen : null }))}
          >
            {started ? t("recalibrate") : t("start")}
          </Button>
        </fieldset>
      )}
      <FormSuccess className="mt-3">{done && t("saved")}</FormSuccess>
      {/* A failure that names a field is said under that field only. */}
      <FormError boxed className="mt-3">
        {!Object.keys(fields).some(shownField) && error}
      </FormError>

      <h3 className="mt-5 text-sm font-semibold text-slate-800">{t("results")}</h3>
      {props.results}
    </Card>
  );
}
