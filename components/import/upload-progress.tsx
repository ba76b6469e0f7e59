import { useTranslations } from "@/lib/i18n/client";

/**
 * A progress bar with the phase in words. The bar is a `progressbar` (its value text carries
 * the counts); a polite live region announces only phase changes, so a screen reader is not
 * read every percentage.
 */
export function UploadProgress({
  label,
  phase,
  phaseId,
  detail,
  fraction,
}: {
  label: string;
  phase: string;
  phaseId: string;
  detail: string;
  fraction: number | null;
}) {
  const percent = fraction === null ? null : Math.max(0, Math.min(100, Math.round(fraction * 100)));
  return (
    <div className="mt-4" data-testid="upload-progress" data-phase={phaseId}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={detail}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={
            percent === null
              ? "h-full w-1/3 animate-pulse rounded-full bg-teal-600"
              : "h-full rounded-full bg-teal-600 transition-[width] duration-150"
          }
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p className="mt-1 text-sm tabular-nums text-slate-700">{detail}</p>
      <p className="sr-only" aria-live="polite">
        {phase}
      </p>
    </div>
  );
}

/** Namespaces with the words of a one-request upload: progress, uploadingPhase, uploading, checking. */
type SentWords = "evaluation.upload" | "audits.agreementTool";

/** The progress of a one-request upload: `sent` the fraction sent so far, or "checking" once the server works. */
export function SentProgress({ sent, words }: { sent: number | "checking"; words: SentWords }) {
  const t = useTranslations(words) as unknown as (key: string, values?: Record<string, number>) => string;
  const checking = sent === "checking";
  return (
    <UploadProgress
      label={t("progress")}
      phase={checking ? t("checking") : t("uploadingPhase")}
      phaseId={checking ? "checking" : "uploading"}
      detail={checking ? t("checking") : t("uploading", { percent: Math.round(sent * 100) })}
      fraction={checking ? null : sent}
    />
  );
}
