"use client";
import { useFormatter, useTranslations } from "@/lib/i18n/client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { formatBytes } from "@/lib/server/uploads/format-bytes";
import { LocatedIssues, type LocatedIssue } from "../import/located-issues";
import { SentProgress } from "../import/upload-progress";
import { sendUpload } from "../import/upload-request";
import { Button } from "../ui/button";
import { FormError } from "../ui/form-error";
import { SelectField, TextField } from "../ui/field";
import { Card, CardTitle } from "../ui/card";

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

/** Upload of one prediction file for one dataset version, with transfer progress; the server checks every row. */
export function PredictionUploadForm({ datasets, maxUpload }: { datasets: DatasetChoice[]; maxUpload: number }) {
  const t = useTranslations("evaluation.upload");
  const format = useFormatter();
  const router = useRouter();
  // null: idle; a number: the fraction sent; "checking": sent, the server checks it.
  const [sent, setSent] = useState<number | "checking" | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = sent !== null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get("file");
    setOutcome(null);
    if (file instanceof File && file.size > maxUpload)
      return setOutcome({ error: t("errors.tooLarge", { limit: formatBytes(maxUpload) }) });
    setSent(0);
    sendUpload("/api/evaluations/import", data, {
      onSent: (loaded, total) => setSent(loaded / total),
      onSentAll: () => setSent("checking"),
      onServer: () => undefined,
      onDone: (status, body) => {
        setSent(null);
        setOutcome(body && typeof body === "object" ? (body as Outcome) : { error: t("errors.status", { status }) });
        router.refresh();
      },
      onNetworkError: () => {
        setSent(null);
        setOutcome({ error: t("errors.network") });
      },
    });
  }

  return (
    <Card as="section" aria-labelledby="predictions-upload-heading" padding="md" raised>
      <CardTitle id="predictions-upload-heading">{t("heading")}</CardTitle>
      <p className="mt-1 text-sm text-slate-600">{t.rich("intro", { code: (chunks: ReactNode) => <code>{chunks}</code> })}</p>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end">
        <SelectField label={t("dataset")} name="datasetId" required disabled={busy} defaultValue={datasets[0]?.id}>
          {datasets.map((d) => (
            <option key={d.id} value={d.id}>
              {t("datasetOption", { name: d.name, version: d.version, items: format.number(d.itemCount) })}
            </option>
          ))}
        </SelectField>
        <div className="space-y-1">
          <label htmlFor="prediction-file" className="block text-sm font-medium text-slate-800">
            {t("file")}
          </label>
          <input
            id="prediction-file"
            name="file"
            type="file"
            required
            accept=".csv,.jsonl,.ndjson,.txt"
            className="block w-full text-sm"
            disabled={busy}
          />
        </div>
        <TextField label={t("name")} name="name" disabled={busy} hint={t("nameHint")} />
        <TextField label={t("model")} name="model" disabled={busy} hint={t("modelHint")} />
        <Button type="submit" disabled={busy || datasets.length === 0}>
          {busy ? t("submitting") : t("submit")}
        </Button>
      </form>
      {sent !== null && <SentProgress sent={sent} words="evaluation.upload" />}
      {outcome && <UploadReport outcome={outcome} />}
    </Card>
  );
}

function UploadReport({ outcome }: { outcome: Outcome }) {
  const t = useTranslations("evaluation.upload");
  const format = useFormatter();
  if ("error" in outcome) return <FormError className="mt-4">{outcome.error}</FormError>;
  if (outcome.status === "invalid")
    return (
      <LocatedIssues
        testId="prediction-issues"
        issues={outcome.issues}
        heading={t("rejected", { total: outcome.total })}
        recordLabel={(record) => t("issueRecord", { record })}
        more={outcome.total > outcome.issues.length ? t("more", { count: format.number(outcome.total - outcome.issues.length) }) : null}
      />
    );
  const link = (chunks: ReactNode) => (
    <Link href={`/evaluations/${outcome.setId}`} className="font-medium underline">
      {chunks}
    </Link>
  );
  if (outcome.status === "unchanged")
    return (
      <p role="status" className="mt-4 text-sm text-slate-700" data-testid="prediction-report">
        {t.rich("unchanged", { name: outcome.name, link })}
      </p>
    );
  return (
    <p role="status" className="mt-4 text-sm text-teal-800" data-testid="prediction-report">
      {t.rich("imported", {
        name: outcome.name,
        rows: format.number(outcome.rows),
        models: outcome.models.length,
        scopes: outcome.scopes.length,
        link,
      })}
    </p>
  );
}
