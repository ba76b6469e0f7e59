"use client";
// The corrected benchmark on the adjudication page: while the server prepares it (applies the
// corrections, writes the files, checks them with the importer's rules) the progress shows and
// is polled; once it passed, each file is a link the browser downloads natively; if it did not
// pass, the located problems show instead of a download, each said in the reader's language.
import { useTranslations } from "@/lib/i18n/client";
import { useCallback, useEffect, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import type { CorrectedOverview } from "@/lib/server/adjudication/corrected-export";
import { formatBytes } from "@/lib/server/uploads/format-bytes";

const POLL_MS = 1000;

function ProgressLine({ overview }: { overview: CorrectedOverview }) {
  const t = useTranslations("adjudication.queue.correctedFiles");
  const p = overview.progress;
  const text =
    p?.phase === "records"
      ? t("records", { done: p.done ?? 0, total: p.total ?? 0 })
      : p?.phase === "checking"
        ? t("checking", { percent: p.total ? Math.min(100, Math.floor((100 * (p.done ?? 0)) / p.total)) : 0 })
        : p?.phase === "items"
          ? t("items")
          : t("queued");
  return (
    <p role="status" className="mt-2 text-sm text-slate-700" data-testid="corrected-progress">
      {text}
    </p>
  );
}

/**
 * One file: a plain link the browser downloads itself (the route answers it as an attachment), so
 * a 300 MB benchmark streams to disk with the browser's own progress and never sits in the tab's
 * memory, as it did when the page fetched it into a Blob first.
 */
function DownloadLink({ auditId, name, size }: { auditId: string; name: string; size?: number }) {
  const t = useTranslations("adjudication.queue.correctedFiles");
  return (
    <li>
      <a
        href={`/api/audits/${auditId}/corrected/${encodeURIComponent(name)}`}
        download={`corrected-${name}`}
        className={buttonVariants({ variant: "secondary", size: "sm", className: "gap-1" })}
        data-testid={`corrected-file-${name}`}
      >
        {/* The visible text is the accessible name (axe: label-content-name-mismatch); the verb is for screen readers. */}
        <span className="sr-only">{t("download")} </span>
        {name}
        {size !== undefined && <span className="text-slate-500">{formatBytes(size)}</span>}
      </a>
    </li>
  );
}

export function CorrectedDownloads({ auditId, initial }: { auditId: string; initial: CorrectedOverview }) {
  const t = useTranslations("adjudication.queue.correctedFiles");
  const tDomain = useTranslations("domain");
  const [overview, setOverview] = useState(initial);
  const refresh = useCallback(
    async (retry = false) => {
      const response = await fetch(`/api/audits/${auditId}/corrected${retry ? "?retry=1" : ""}`, { cache: "no-store" });
      if (response.ok) setOverview((await response.json()) as CorrectedOverview);
    },
    [auditId],
  );
  useEffect(() => {
    if (overview.state !== "building") return;
    const timer = setTimeout(() => void refresh().catch(() => undefined), POLL_MS);
    return () => clearTimeout(timer);
  }, [overview, refresh]);

  // Change logs need no check: offered whatever the state; data files only once checked.
  const offered = overview.files.filter((f) => overview.state === "ready" || f.name.startsWith("changelog."));
  return (
    <div data-testid="corrected-downloads" data-state={overview.state}>
      {overview.state === "building" && <ProgressLine overview={overview} />}
      {overview.state === "ready" && overview.counts && (
        <p className="mt-2 text-sm text-emerald-800">{t("ready", { patients: overview.counts.patients, items: overview.counts.items })}</p>
      )}
      {overview.state === "failed" && (
        <FormError className="mt-2">
          {t("failed")}{" "}
          <Button type="button" variant="ghost" size="sm" onClick={() => void refresh(true)}>
            {t("retry")}
          </Button>
        </FormError>
      )}
      {overview.state === "invalid" && (
        <FormError className="mt-2 text-red-800">
          <p>{t("invalid", { total: overview.totalIssues })}</p>
          <ul className="mt-1 list-disc pl-5" data-testid="corrected-issues">
            {overview.issues.map((i, k) => (
              <li key={k}>
                {t("issue", {
                  item: i.item ?? t("noItem"),
                  file: i.file,
                  field: i.field,
                  // By its code in the reader's language; a build checked before codes has only its English.
                  message: i.code ? tDomain(i.code, i.values) : i.message,
                })}
              </li>
            ))}
          </ul>
        </FormError>
      )}
      <ul className="mt-2 flex flex-wrap gap-2 text-sm">
        {offered.map((f) => (
          <DownloadLink key={f.name} auditId={auditId} name={f.name} size={f.size} />
        ))}
      </ul>
    </div>
  );
}
