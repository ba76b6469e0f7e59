"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { LocatedIssues, type LocatedIssue } from "../import/located-issues";
import { Button } from "../ui/button";
import { TextField } from "../ui/field";

type Outcome =
  | { status: "imported"; name: string; version: number; counts: { patients: number; events: number; notes: number; items: number } }
  | { status: "unchanged"; name: string; version: number }
  | { status: "invalid"; issues: LocatedIssue[]; total: number }
  | { error: string };

/** Upload with a real progress bar (XHR exposes upload progress; fetch does not). */
export function UploadForm() {
  const router = useRouter();
  const [progress, setProgress] = useState<number | null>(null);
  const [phase, setPhase] = useState<"idle" | "uploading" | "importing">("idle");
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/datasets/import");
    xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(e.loaded / e.total);
    xhr.upload.onload = () => setPhase("importing");
    xhr.onload = () => {
      setPhase("idle");
      setProgress(null);
      try {
        setOutcome(JSON.parse(xhr.responseText) as Outcome);
      } catch {
        setOutcome({ error: `The server answered ${xhr.status}. Nothing was written.` });
      }
      router.refresh();
    };
    xhr.onerror = () => {
      setPhase("idle");
      setOutcome({ error: "The upload failed (network). Nothing was written; try again." });
    };
    setOutcome(null);
    setPhase("uploading");
    setProgress(0);
    xhr.send(data);
  }

  const busy = phase !== "idle";
  return (
    <section aria-labelledby="upload-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="upload-heading" className="text-base font-semibold">Import a benchmark</h2>
      <p className="mt-1 text-sm text-slate-600">
        An ehr-decision-mcq bundle (.json) or patients.jsonl + instances.jsonl; a notes-chatqa bundle, notes.csv + questions.csv, or an EHRNoteQA .jsonl.
        Nothing is written unless every record is valid.
      </p>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="space-y-1">
          <label htmlFor="files" className="block text-sm font-medium text-slate-800">Files</label>
          <input id="files" name="files" type="file" multiple required accept=".json,.jsonl,.csv" className="block w-full text-sm" disabled={busy} />
        </div>
        <TextField label="Dataset name (optional)" name="name" disabled={busy} hint="Default: the name inside the file." />
        <Button type="submit" disabled={busy}>{busy ? "Importing…" : "Import"}</Button>
      </form>
      {busy && (
        <div className="mt-4" role="status" aria-live="polite">
          <progress className="h-2 w-full" max={1} value={phase === "uploading" ? (progress ?? 0) : undefined} aria-label="Import progress" />
          <p className="mt-1 text-sm text-slate-600">
            {phase === "uploading" ? `Uploading… ${Math.round((progress ?? 0) * 100)}%` : "Checking and importing every record…"}
          </p>
        </div>
      )}
      {outcome && <ImportReport outcome={outcome} />}
    </section>
  );
}

function ImportReport({ outcome }: { outcome: Outcome }) {
  if ("error" in outcome) return <p role="alert" className="mt-4 text-sm text-red-700">{outcome.error}</p>;
  if (outcome.status === "unchanged")
    return <p role="status" className="mt-4 text-sm text-slate-700">Already imported as {outcome.name} v{outcome.version}; nothing changed.</p>;
  if (outcome.status === "imported") {
    const c = outcome.counts;
    return (
      <p role="status" className="mt-4 text-sm text-teal-800" data-testid="import-report">
        Imported {outcome.name} v{outcome.version}: {c.patients} patients, {c.events} events, {c.notes} notes, {c.items} items.
      </p>
    );
  }
  return <LocatedIssues issues={outcome.issues} total={outcome.total} testId="import-issues" />;
}
