"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "../ui/button";
import { TextField } from "../ui/field";

interface Issue { file: string; line?: number; record?: number; field: string; message: string }
type Outcome =
  | { status: "imported"; name: string; version: number; counts: { patients: number; events: number; notes: number; items: number } }
  | { status: "unchanged"; name: string; version: number }
  | { status: "invalid"; issues: Issue[]; total: number }
  | { error: string };

/** Upload with a real progress bar (XHR exposes upload progress; fetch does not). */
export function UploadForm() {
  const t = useTranslations("datasets.upload");
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
        setOutcome({ error: t("errors.status", { status: xhr.status }) });
      }
      router.refresh();
    };
    xhr.onerror = () => {
      setPhase("idle");
      setOutcome({ error: t("errors.network") });
    };
    setOutcome(null);
    setPhase("uploading");
    setProgress(0);
    xhr.send(data);
  }

  const busy = phase !== "idle";
  return (
    <section aria-labelledby="upload-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="upload-heading" className="text-base font-semibold">{t("heading")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="space-y-1">
          <label htmlFor="files" className="block text-sm font-medium text-slate-800">{t("files")}</label>
          <input id="files" name="files" type="file" multiple required accept=".json,.jsonl,.csv" className="block w-full text-sm" disabled={busy} />
        </div>
        <TextField label={t("name")} name="name" disabled={busy} hint={t("nameHint")} />
        <Button type="submit" disabled={busy}>{busy ? t("submitting") : t("submit")}</Button>
      </form>
      {busy && (
        <div className="mt-4" role="status" aria-live="polite">
          <progress className="h-2 w-full" max={1} value={phase === "uploading" ? (progress ?? 0) : undefined} aria-label={t("progress")} />
          <p className="mt-1 text-sm text-slate-600">
            {phase === "uploading" ? t("uploading", { percent: Math.round((progress ?? 0) * 100) }) : t("importing")}
          </p>
        </div>
      )}
      {outcome && <ImportReport outcome={outcome} />}
    </section>
  );
}

function ImportReport({ outcome }: { outcome: Outcome }) {
  const t = useTranslations("datasets.upload");
  const format = useFormatter();
  if ("error" in outcome) return <p role="alert" className="mt-4 text-sm text-red-700">{outcome.error}</p>;
  if (outcome.status === "unchanged")
    return <p role="status" className="mt-4 text-sm text-slate-700">{t("unchanged", { name: outcome.name, version: outcome.version })}</p>;
  if (outcome.status === "imported") {
    const c = outcome.counts;
    return (
      <p role="status" className="mt-4 text-sm text-teal-800" data-testid="import-report">
        {t("imported", {
          name: outcome.name,
          version: outcome.version,
          patients: format.number(c.patients),
          events: format.number(c.events),
          notes: format.number(c.notes),
          items: format.number(c.items),
        })}
      </p>
    );
  }
  return (
    <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="import-issues">
      <p className="font-medium">{t("rejected", { total: outcome.total })}</p>
      <ul className="mt-2 max-h-64 list-disc space-y-0.5 overflow-auto pl-5 font-mono text-xs">
        {outcome.issues.map((i, k) => (
          <li key={k}>
            {/* The located message itself is technical and stays English, like the CLI's. */}
            {i.file}{i.line ? `:${i.line}` : i.record !== undefined ? ` ${t("issueRecord", { record: i.record })}` : ""}: {i.field}: {i.message}
          </li>
        ))}
      </ul>
      {outcome.total > outcome.issues.length && <p className="mt-1">{t("more", { count: format.number(outcome.total - outcome.issues.length) })}</p>}
    </div>
  );
}
