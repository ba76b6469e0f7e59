"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { extendSampleAction, previewExtensionAction } from "@/lib/actions/audits";
import type { ExtensionPlan } from "@/lib/server/audits/extend-sample";
import { Button } from "../ui/button";
import { TextField } from "../ui/field";
import { FormError, FormSuccess } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { Table } from "../ui/table";
import { previewExtensionSchema } from "@/lib/schemas/audits";

interface Props {
  auditId: string;
  seed: string;
  frameSize: number;
  sampleSize: number;
  ratersPerItem: number | null;
  locked: boolean;
  /** Earlier extensions, with their date already formatted. */
  history: { fromSize: number; toSize: number; date: string }[];
}

const SHOWN = 10;

/** Draws k more items from the audit's seeded frame: preview what it adds and assigns, then extend. */
export function ExtendSampleForm({ auditId, seed, frameSize, sampleSize, ratersPerItem, locked, history }: Props) {
  const t = useTranslations("audits.extend");
  const [add, setAdd] = useState("10");
  // The plan previewed, then the extension made: a new preview forgets the last extension, and the other way round.
  const previewed = useActionForm(previewExtensionAction, { schema: previewExtensionSchema });
  const extended = useActionForm(extendSampleAction, { onSuccess: previewed.reset, onFailure: previewed.reset });
  const pending = previewed.pending || extended.pending;
  const plan = previewed.data;
  const done = extended.data;
  const left = frameSize - sampleSize;
  const preview = () => {
    extended.reset();
    previewed.submit({ auditId, add });
  };
  const extend = (p: ExtensionPlan) => extended.submit({ auditId, add: p.toSize - p.fromSize, fromSize: p.fromSize });
  const stratified = plan !== null && plan.allocation.length > 1;
  return (
    <section aria-labelledby="extend-heading" className="mt-6 border-t border-slate-200 pt-4" data-testid="extend-sample">
      <h3 id="extend-heading" className="text-sm font-semibold">
        {t("heading")}
      </h3>
      <ul className="mt-1 text-xs text-slate-600" data-testid="extension-history">
        {history.map((h) => (
          <li key={h.fromSize}>{t("history", { from: h.fromSize, to: h.toSize, date: h.date })}</li>
        ))}
      </ul>
      {locked ? (
        <p className="mt-2 text-sm text-slate-600">{t("locked")}</p>
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-600">{t("intro", { seed, frameSize })}</p>
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <div className="w-40">
              <TextField
                label={t("add")}
                name="add"
                inputMode="numeric"
                value={add}
                onChange={(e) => {
                  setAdd(e.target.value);
                  if (plan) previewed.reset();
                }}
                error={previewed.fieldErrors.add}
                hint={t("addHint", { left })}
              />
            </div>
            <Button type="button" variant="secondary" onClick={preview} disabled={pending || left <= 0}>
              {t("preview")}
            </Button>
          </div>
        </>
      )}
      {plan && (
        <div className="mt-3 space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="extension-plan">
          <p className="font-medium">{t("summary", { from: plan.fromSize, to: plan.toSize, added: plan.added.length })}</p>
          {stratified && (
            <Table variant="report" scroll={false} className="w-auto text-xs" caption={t("strata")}>
              <thead className="text-left">
                <tr>
                  <th scope="col">{t("stratum")}</th>
                  <th scope="col" className="text-right">
                    {t("after")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {plan.allocation.map((a) => (
                  <tr key={a.key}>
                    <td>{Object.values(a.values).join(" · ")}</td>
                    <td className="text-right tabular-nums">
                      {a.allocated} / {a.population}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          {plan.design === "MANUAL" ? (
            <p>{t("manual")}</p>
          ) : plan.perRater.length === 0 ? (
            <p>{t("noRaters")}</p>
          ) : (
            <div>
              <p>
                {t("assignments", {
                  design: t(`design.${plan.design === "BALANCED" ? "BALANCED" : "FULLY_CROSSED"}`, { k: ratersPerItem ?? 2 }),
                })}
              </p>
              <ul className="ml-5 list-disc">
                {plan.perRater.map((r) => (
                  <li key={r.userId}>{t("perRater", { name: r.name, items: r.items })}</li>
                ))}
              </ul>
            </div>
          )}
          {plan.afterLaterCutoff.length > 0 && (
            <p className="text-amber-800" role="note">
              {t("hindsight", { count: plan.afterLaterCutoff.length })}
            </p>
          )}
          <p className="break-words text-xs text-slate-600">
            {t("newItems", { ids: plan.added.slice(0, SHOWN).join(", ") })}
            {plan.added.length > SHOWN && t("more", { count: plan.added.length - SHOWN })}
          </p>
          <Button type="button" onClick={() => extend(plan)} disabled={pending}>
            {t("confirm", { to: plan.toSize })}
          </Button>
        </div>
      )}
      <FormSuccess className="mt-2">
        {done && t("done", { to: done.toSize, assignments: done.perRater.reduce((n, x) => n + x.items, 0) })}
      </FormSuccess>
      <FormError className="mt-2">{previewed.error ?? extended.error}</FormError>
    </section>
  );
}
