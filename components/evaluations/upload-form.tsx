"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { LocatedIssues, type LocatedIssue } from "../import/located-issues";
import { Button } from "../ui/button";
import { SelectField, TextField } from "../ui/field";

type Outcome =
  | { status: "imported"; setId: string; name: string; rows: number; models: string[]; scopes: string[] }
  | { status: "unchanged"; setId: string; name: string }
  | { status: "invalid"; issues: LocatedIssue[]; total: number }
  | { error: string };

export interface DatasetChoice {
  id: string;
  name: string;
  version: number;
  itemCount: number;
}

/** Upload of one prediction file for one dataset version; the server checks every row. */
export function PredictionUploadForm({ datasets }: { datasets: DatasetChoice[] }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setOutcome(null);
    try {
      const response = await fetch("/api/evaluations/import", { method: "POST", body: data });
      setOutcome(await response.json().catch(() => ({ error: `The server answered ${response.status}. Nothing was written.` })));
      router.refresh();
    } catch {
      setOutcome({ error: "The upload failed (network). Nothing was written; try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="predictions-upload-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="predictions-upload-heading" className="text-base font-semibold">Import model predictions</h2>
      <p className="mt-1 text-sm text-slate-600">
        CSV with a header, or JSONL: <code>model</code>, <code>scope</code>, <code>item_id</code> (conversations: also <code>turn</code> = turn_order)
        and <code>prediction</code> (the chosen option label). Nothing is written unless every row is valid.
      </p>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end">
        <SelectField label="Dataset" name="datasetId" required disabled={busy} defaultValue={datasets[0]?.id}>
          {datasets.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name} v{d.version} ({d.itemCount} items)
            </option>
          ))}
        </SelectField>
        <div className="space-y-1">
          <label htmlFor="prediction-file" className="block text-sm font-medium text-slate-800">Prediction file</label>
          <input id="prediction-file" name="file" type="file" required accept=".csv,.jsonl,.ndjson,.txt" className="block w-full text-sm" disabled={busy} />
        </div>
        <TextField label="Name (optional)" name="name" disabled={busy} hint="Default: the file name." />
        <Button type="submit" disabled={busy || datasets.length === 0}>{busy ? "Checking…" : "Import"}</Button>
      </form>
      {busy && <p role="status" className="mt-3 text-sm text-slate-600">Checking every prediction against the dataset…</p>}
      {outcome && <UploadReport outcome={outcome} />}
    </section>
  );
}

function UploadReport({ outcome }: { outcome: Outcome }) {
  if ("error" in outcome) return <p role="alert" className="mt-4 text-sm text-red-700">{outcome.error}</p>;
  if (outcome.status === "invalid") return <LocatedIssues issues={outcome.issues} total={outcome.total} testId="prediction-issues" />;
  const link = <Link href={`/evaluations/${outcome.setId}`} className="font-medium underline">{outcome.name}</Link>;
  if (outcome.status === "unchanged")
    return <p role="status" className="mt-4 text-sm text-slate-700" data-testid="prediction-report">Already imported as {link}; nothing changed.</p>;
  return (
    <p role="status" className="mt-4 text-sm text-teal-800" data-testid="prediction-report">
      Imported {link}: {outcome.rows.toLocaleString("en")} predictions, {outcome.models.length} model{outcome.models.length === 1 ? "" : "s"} × {outcome.scopes.length} scope{outcome.scopes.length === 1 ? "" : "s"}.
    </p>
  );
}
