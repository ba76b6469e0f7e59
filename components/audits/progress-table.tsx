import { useTranslations } from "@/lib/i18n/server";
import { WithdrawButton } from "./withdraw-button";
import type { ClinicianProgress } from "@/lib/server/audits/progress";
import { utcMinute } from "@/lib/i18n/timestamp";
import { inTimeUnit, timeUnit } from "@/lib/reports/time-on-task";
import { Table } from "../ui/table";

export function ProgressTable({ clinicians, auditId, locked }: { clinicians: ClinicianProgress[]; auditId: string; locked: boolean }) {
  const t = useTranslations("audits.progress");
  const medianTime = (ms: number) => {
    const unit = timeUnit(ms / 60_000);
    return unit === "seconds"
      ? t("seconds", { seconds: inTimeUnit(ms / 60_000, unit) })
      : t("minutes", { minutes: inTimeUnit(ms / 60_000, unit) });
  };
  if (clinicians.length === 0) return <p className="text-sm text-slate-600">{t("empty")}</p>;
  return (
    <Table variant="report" className="[&_td]:py-2 [&_th]:py-2" caption={t("caption")} data-testid="progress-table">
      <thead className="text-left font-semibold uppercase tracking-wide">
        <tr>
          <th scope="col">{t("clinician")}</th>
          <th scope="col" className="text-right">
            {t("done")}
          </th>
          <th scope="col">{t("progress")}</th>
          <th scope="col" className="text-right">
            {t("flagged")}
          </th>
          <th scope="col" className="text-right">
            {t("medianTime")}
          </th>
          <th scope="col">{t("lastActivity")}</th>
          <th scope="col">
            <span className="sr-only">{t("actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {clinicians.map((c) => (
          <tr key={c.userId} data-testid={`progress-${c.email}`}>
            <td>
              {c.name}
              {!c.active && <span className="ml-2 text-xs text-slate-500">{t("withdrawn")}</span>}
            </td>
            <td className="whitespace-nowrap text-right tabular-nums">
              {c.done} / {c.assigned}
            </td>
            <td>
              <progress
                className="h-2 w-24"
                max={Math.max(c.assigned, 1)}
                value={c.done}
                aria-label={t("bar", { name: c.name, done: c.done, assigned: c.assigned })}
              />
            </td>
            <td className="text-right tabular-nums">{c.flagged}</td>
            <td className="whitespace-nowrap text-right tabular-nums" data-testid="median-time">
              {c.medianActiveMs === null ? "—" : medianTime(c.medianActiveMs)}
            </td>
            <td className="text-slate-600">{c.lastActivityAt ? utcMinute(c.lastActivityAt) : "—"}</td>
            <td className="text-right">{c.active && !locked && <WithdrawButton auditId={auditId} userId={c.userId} name={c.name} />}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
