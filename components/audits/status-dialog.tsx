"use client";
import { useTranslations } from "@/lib/i18n/client";
import type { ReactNode } from "react";
import { AlertDialogDescription } from "../ui/alert-dialog";
import { Button, type ButtonProps } from "../ui/button";
import { ConfirmDialog as UiConfirmDialog, type ConfirmDialogProps } from "../ui/confirm-dialog";
import { Table } from "../ui/table";

export interface StatusProgress {
  done: number;
  assigned: number;
  clinicians: { userId: string; label: string | null; name: string; done: number; assigned: number }[];
}

/** Reviews done, over all and per active clinician (their report label beside the name). */
export function ProgressSummary({ progress }: { progress: StatusProgress }) {
  const t = useTranslations("audits.statusDialog");
  const left = progress.assigned - progress.done;
  return (
    <div className="mt-4" data-testid="status-dialog-progress">
      <p className="text-sm font-medium text-slate-900">{t("progress", { done: progress.done, assigned: progress.assigned })}</p>
      {left > 0 && <p className="mt-1 text-sm text-amber-800">{t("notDone", { left })}</p>}
      {progress.clinicians.length > 0 && (
        <Table variant="report" scroll={false} className="mt-3" caption={t("caption")}>
          <thead className="text-left font-semibold uppercase tracking-wide">
            <tr>
              <th scope="col">{t("rater")}</th>
              <th scope="col">{t("clinician")}</th>
              <th scope="col" className="text-right">
                {t("done")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {progress.clinicians.map((c) => (
              <tr key={c.userId}>
                <td className="tabular-nums">{c.label}</td>
                <td>{c.name}</td>
                <td className={`text-right tabular-nums ${c.done < c.assigned ? "text-amber-800" : ""}`}>
                  {t("ofAssigned", { done: c.done, assigned: c.assigned })}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </div>
  );
}

interface ConfirmProps extends Omit<ConfirmDialogProps, "trigger"> {
  trigger: ReactNode;
  triggerVariant?: ButtonProps["variant"];
  disabled?: boolean;
  /** Id of a note that says why the trigger is disabled. */
  describedBy?: string;
}

/** A button opening an explicit confirmation; the dialog stays until the action has answered. */
export function ConfirmDialog({ trigger, triggerVariant = "primary", disabled, describedBy, ...props }: ConfirmProps) {
  return (
    <UiConfirmDialog
      trigger={
        <Button variant={triggerVariant} disabled={disabled} aria-describedby={describedBy}>
          {trigger}
        </Button>
      }
      {...props}
    />
  );
}

/** The consequences, as a list under the dialog's description. */
export function Consequences({ intro, items }: { intro: string; items: string[] }) {
  return (
    <>
      <AlertDialogDescription className="mt-4">{intro}</AlertDialogDescription>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {items.map((x) => (
          <li key={x}>{x}</li>
        ))}
      </ul>
    </>
  );
}
