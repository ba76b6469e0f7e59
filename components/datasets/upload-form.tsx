"use client";
import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { LocatedIssues, type LocatedIssue } from "../import/located-issues";
import { UploadProgress } from "../import/upload-progress";
import { sendUpload, type ServerNotice, type ServerProgress } from "../import/upload-request";
import { formatBytes } from "@/lib/server/uploads/format-bytes";
import { Button } from "../ui/button";
import { FormError } from "../ui/form-error";
import { controlClass, Field, SelectField } from "../ui/field";
import { Card, CardTitle } from "../ui/card";
import type { ImportReport as ImportReportModel } from "@/lib/formats/import-report";
import { ImportReportView } from "./import-report";
import { DATASET_NAME_MAX, datasetNameSchema, nameInBundleHead, suggestDatasetName } from "@/lib/formats/dataset-name";

export type Outcome =
  | {
      status: "imported";
      name: string;
      version: number;
      counts: { patients: number; events: number; notes: number; items: number };
      report?: ImportReportModel;
    }
  | { status: "unchanged"; name: string; version: number; report?: ImportReportModel | null }
  | { status: "invalid"; issues: LocatedIssue[]; total: number }
  | { error: string; field?: "name" };

type Progress = { phase: "uploading"; done: number; total: number } | ServerProgress;

/**
 * Upload with progress for the transfer (XHR upload events) and for the server's checking and
 * writing (streamed as NDJSON by the route), then the counts or every located problem.
 */
export function UploadForm({ maxUpload }: { maxUpload: number }) {
  const t = useTranslations("datasets.upload");
  const router = useRouter();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [notice, setNotice] = useState<ServerNotice | null>(null);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  // Once the organizer types a name, choosing files again no longer replaces it.
  const nameTyped = useRef(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const limit = formatBytes(maxUpload);

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    if (nameTyped.current) return;
    const suggested = suggestDatasetName(
      files.map((f) => ({ name: f.name, relativePath: f.webkitRelativePath || undefined })),
      await bundleName(files),
    );
    // Not under the organizer's typing: a name field they are in (focused while the file was
    // read) is theirs, and a value set now would land between their selection and their text.
    if (!nameTyped.current && document.activeElement !== nameInput.current) setName(suggested);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const named = datasetNameSchema.safeParse(name);
    if (!named.success) {
      setNameError(t(named.error.issues[0]?.message === "datasets.upload.errors.nameRequired" ? "errors.nameRequired" : "errors.badName"));
      nameInput.current?.focus();
      return;
    }
    setNameError(undefined);
    const size = data.getAll("files").reduce((n, f) => n + (f instanceof File ? f.size : 0), 0);
    setOutcome(null);
    setNotice(null);
    // The server refuses it too; this spares sending gigabytes to hear so.
    if (size > maxUpload) return setOutcome({ error: t("errors.tooLarge", { limit }) });
    setProgress({ phase: "uploading", done: 0, total: size });
    sendUpload(
      "/api/datasets/import",
      data,
      {
        onSent: (done, total) => setProgress({ phase: "uploading", done, total }),
        onSentAll: () => setProgress((p) => (p?.phase === "uploading" ? { type: "progress", phase: "checksum" } : p)),
        onServer: setProgress,
        onNotice: setNotice,
        onDone: (status, body) => {
          setProgress(null);
          const answer = body && typeof body === "object" ? (body as Outcome) : { error: t("errors.status", { status }) };
          if ("error" in answer && answer.field === "name") {
            setNameError(answer.error);
            nameInput.current?.focus();
          } else setOutcome(answer);
          router.refresh();
        },
        onNetworkError: () => {
          setProgress(null);
          setOutcome({ error: t("errors.network") });
        },
      },
      { stream: true },
    );
  }

  const busy = progress !== null;
  return (
    <Card as="section" aria-labelledby="upload-heading" padding="md" raised>
      <CardTitle id="upload-heading">{t("heading")}</CardTitle>
      <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <Field label={t("files")} id="files" hint={t("limit", { limit })}>
          <input
            name="files"
            type="file"
            multiple
            required
            accept=".json,.jsonl,.ndjson,.csv,.gz"
            className="block w-full text-sm"
            disabled={busy}
            onChange={onFiles}
          />
        </Field>
        <Field label={t("name")} id="name" hint={t("nameHint")} error={nameError}>
          <input
            ref={nameInput}
            name="name"
            aria-required
            maxLength={DATASET_NAME_MAX}
            value={name}
            onChange={(e) => {
              nameTyped.current = true;
              setName(e.currentTarget.value);
            }}
            disabled={busy}
            className={controlClass}
          />
        </Field>
        <Button type="submit" disabled={busy} className="sm:mt-6">
          {busy ? t("submitting") : t("submit")}
        </Button>
        <SelectField
          label={t("format")}
          name="format"
          disabled={busy}
          defaultValue=""
          className="w-auto px-2 py-1.5 shadow-none"
          containerClassName="sm:col-span-3"
        >
          <option value="">{t("formatDetect")}</option>
          <option value="fhir-r4">{t("formatFhir")}</option>
        </SelectField>
        <label className="flex items-start gap-2 text-sm text-slate-800 sm:col-span-3">
          <input type="checkbox" name="strict" value="on" disabled={busy} className="mt-0.5" />
          <span>{t("strict")}</span>
        </label>
      </form>
      {notice && (
        <p role="status" className="mt-4 text-sm text-amber-800" data-testid="import-notice">
          {t(`notices.${notice.code}`, { attempt: notice.attempt, attempts: notice.attempts })}
        </p>
      )}
      {progress && <ProgressView progress={progress} />}
      {outcome && <ImportReport outcome={outcome} />}
    </Card>
  );
}

/** The benchmark's name from the head of the first plain .json file chosen (a bundle), if any. */
async function bundleName(files: File[]): Promise<string | undefined> {
  const bundle = files.find((f) => /\.json$/i.test(f.name));
  if (!bundle) return undefined;
  try {
    return nameInBundleHead(await bundle.slice(0, 64 * 1024).text());
  } catch {
    return undefined;
  }
}

function ProgressView({ progress: p }: { progress: Progress }) {
  const t = useTranslations("datasets.upload");
  const format = useFormatter();
  const fraction = p.done !== undefined && p.total ? p.done / p.total : null;
  const percent = Math.round((fraction ?? 0) * 100);
  const detail =
    p.phase === "uploading"
      ? t("phases.uploading", { percent, done: formatBytes(p.done), total: formatBytes(p.total) })
      : p.phase === "validating"
        ? t("phases.validating", { percent, records: format.number(p.records ?? 0) })
        : p.phase === "writing"
          ? t("phases.writing", { percent, done: format.number(p.done ?? 0), total: format.number(p.total ?? 0) })
          : t(`phases.${p.phase}`);
  return (
    <UploadProgress
      label={t("progress")}
      phase={t(`phaseNames.${p.phase}`)}
      phaseId={p.phase}
      detail={detail}
      fraction={p.phase === "queued" || p.phase === "checksum" ? null : fraction}
    />
  );
}

/** What the upload came to: the counts and the import report, or every located problem. */
export function ImportReport({ outcome }: { outcome: Outcome }) {
  const t = useTranslations("datasets.upload");
  const format = useFormatter();
  if ("error" in outcome)
    return (
      <FormError className="mt-4" data-testid="import-error">
        {outcome.error}
      </FormError>
    );
  if (outcome.status === "unchanged")
    return (
      <>
        <p role="status" className="mt-4 text-sm text-slate-700" data-testid="import-report">
          {t("unchanged", { name: outcome.name, version: outcome.version })}
        </p>
        {outcome.report && <ImportReportView report={outcome.report} />}
      </>
    );
  if (outcome.status === "imported") {
    const c = outcome.counts;
    return (
      <>
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
        {outcome.report && <ImportReportView report={outcome.report} />}
      </>
    );
  }
  return (
    <LocatedIssues
      testId="import-issues"
      issues={outcome.issues}
      heading={t("rejected", { total: outcome.total })}
      recordLabel={(record) => t("issueRecord", { record })}
      more={outcome.total > outcome.issues.length ? t("more", { count: format.number(outcome.total - outcome.issues.length) }) : null}
    />
  );
}
