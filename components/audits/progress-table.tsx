import { WithdrawButton } from "./withdraw-button";
import type { ClinicianProgress } from "@/lib/server/audits/progress";

export function ProgressTable({ clinicians, auditId, locked }: { clinicians: ClinicianProgress[]; auditId: string; locked: boolean }) {
  if (clinicians.length === 0) return <p className="text-sm text-slate-600">No clinicians assigned yet.</p>;
  return (
    <table className="w-full text-sm" data-testid="progress-table">
      <caption className="sr-only">Progress per clinician</caption>
      <thead className="text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
        <tr>
          <th scope="col" className="py-2">Clinician</th>
          <th scope="col" className="py-2 pr-4 text-right">Done</th>
          <th scope="col" className="py-2">Progress</th>
          <th scope="col" className="py-2">Last activity</th>
          <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {clinicians.map((c) => (
          <tr key={c.userId} data-testid={`progress-${c.email}`}>
            <td className="py-2">{c.name}{!c.active && <span className="ml-2 text-xs text-slate-500">(withdrawn)</span>}</td>
            <td className="py-2 pr-4 text-right tabular-nums">{c.done} / {c.assigned}</td>
            <td className="py-2">
              <progress className="h-2 w-40" max={Math.max(c.assigned, 1)} value={c.done} aria-label={`${c.name}: ${c.done} of ${c.assigned} done`} />
            </td>
            <td className="py-2 text-slate-600">{c.lastActivityAt ? c.lastActivityAt.toISOString().slice(0, 16).replace("T", " ") : "—"}</td>
            <td className="py-2 text-right">{c.active && !locked && <WithdrawButton auditId={auditId} userId={c.userId} name={c.name} />}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
