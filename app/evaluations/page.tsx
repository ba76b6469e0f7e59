import type { Metadata } from "next";
import Link from "next/link";
import { PredictionUploadForm } from "@/components/evaluations/upload-form";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { db } from "@/lib/db";
import { requirePermission } from "@/lib/server/auth/current-user";
import { datasetChoices, listPredictionSets } from "@/lib/server/evaluations/queries";

export const metadata: Metadata = { title: "Evaluations" };

export default async function EvaluationsPage() {
  await requirePermission("evaluations:manage");
  const [sets, datasets] = await Promise.all([listPredictionSets(db()), datasetChoices(db())]);
  return (
    <>
      <PageHeader
        title="Evaluations"
        description="Model predictions on an imported benchmark, scored with patient-clustered bootstrap confidence intervals. A prediction file is stored against one dataset version and never changes."
      />
      <div className="space-y-6">
        <PredictionUploadForm datasets={datasets} />
        {sets.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">No predictions imported yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">Imported prediction sets</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">Predictions</th>
                  <th scope="col" className="px-4 py-3">Dataset</th>
                  <th scope="col" className="px-4 py-3">Models</th>
                  <th scope="col" className="px-4 py-3">Scopes</th>
                  <th scope="col" className="px-4 py-3 text-right">Rows</th>
                  <th scope="col" className="px-4 py-3">Imported</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {sets.map((s) => (
                  <tr key={s.id}>
                    <td className="px-4 py-3">
                      <Link href={`/evaluations/${s.id}`} className="font-medium text-teal-800 hover:underline">{s.name}</Link>
                      <span className="block text-xs text-slate-600">{s.fileName}</span>
                    </td>
                    <td className="px-4 py-3">
                      <Link href={`/datasets/${s.dataset.id}`} className="text-slate-800 hover:underline">{s.dataset.name}</Link> <Badge>v{s.dataset.version}</Badge>
                    </td>
                    <td className="px-4 py-3 text-slate-700">{s.models.join(", ")}</td>
                    <td className="px-4 py-3 text-slate-700">{s.scopes.join(", ")}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{s.rowCount.toLocaleString("en")}</td>
                    <td className="px-4 py-3 text-slate-700">{s.createdAt.toISOString().slice(0, 16).replace("T", " ")}{s.createdBy ? ` · ${s.createdBy.name}` : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
