import type { Metadata } from "next";
import Link from "next/link";
import { UploadForm } from "@/components/datasets/upload-form";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { db } from "@/lib/db";
import { requirePermission } from "@/lib/server/auth/current-user";
import { listDatasets } from "@/lib/server/datasets/list-datasets";

export const metadata: Metadata = { title: "Datasets" };

export default async function DatasetsPage() {
  await requirePermission("datasets:manage");
  const datasets = await listDatasets(db());
  return (
    <>
      <PageHeader title="Datasets" description="Benchmarks imported for auditing. Imported items never change: a changed file becomes a new version." />
      <div className="space-y-6">
        <UploadForm />
        {datasets.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">No datasets imported yet.</p>
        ) : (
          <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">Imported datasets</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">Dataset</th>
                  <th scope="col" className="px-4 py-3">Format</th>
                  <th scope="col" className="px-4 py-3 text-right">Patients</th>
                  <th scope="col" className="px-4 py-3 text-right">Items</th>
                  <th scope="col" className="px-4 py-3 text-right">Records</th>
                  <th scope="col" className="px-4 py-3 text-right">Audits</th>
                  <th scope="col" className="px-4 py-3">Imported</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {datasets.map((d) => (
                  <tr key={d.id}>
                    <td className="px-4 py-3">
                      <Link href={`/datasets/${d.id}`} className="font-medium text-teal-800 hover:underline">{d.name}</Link>{" "}
                      <Badge>v{d.version}</Badge>
                    </td>
                    <td className="px-4 py-3 text-slate-700">{d.format}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{d.patientCount.toLocaleString("en")}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{d.itemCount.toLocaleString("en")}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{(d.eventCount + d.noteCount).toLocaleString("en")}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{d._count.audits}</td>
                    <td className="px-4 py-3 text-slate-700">{d.importedAt.toISOString().slice(0, 16).replace("T", " ")}{d.importedBy ? ` · ${d.importedBy.name}` : ""}</td>
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
