/**
 * A rater's filter of one audit's queue: a plain GET form, so it works by keyboard alone (Tab,
 * arrows, Enter), needs no script, and leaves the filter in the URL (a reload or a link keeps it).
 * Other audits' filters and pages ride along as hidden fields; this audit's page starts again.
 */
import Link from "next/link";
import { useTranslations } from "@/lib/i18n/server";
import { QUEUE_SHOWS, queueFilterParams, type QueueFilter } from "@/lib/review/queue-filter";
import { buttonVariants } from "../ui/button";
import { SelectField, TextField } from "../ui/field";

type Search = Record<string, string | string[] | undefined>;

export function QueueFilterForm({
  auditId,
  filter,
  chapters,
  search,
}: {
  auditId: string;
  filter: QueueFilter;
  chapters: readonly string[];
  search: Search;
}) {
  const t = useTranslations("review.queue.filter");
  const names = queueFilterParams(auditId);
  const own = new Set([...Object.values(names), `p_${auditId}`]);
  const kept = Object.entries(search).flatMap(([k, v]) => (typeof v === "string" && !own.has(k) ? [[k, v] as const] : []));
  const clear = new URLSearchParams(kept.map(([k, v]) => [k, v])).toString();
  const filtered = filter.show !== "all" || filter.chapter !== undefined || filter.patient !== undefined;
  return (
    // Keyed by the filter: a link to another filter (a client navigation) shows its values, not the last ones.
    <form
      key={JSON.stringify(filter)}
      method="get"
      action="/review"
      className="flex flex-wrap items-end gap-3"
      aria-label={t("label")}
      data-testid={`queue-filter-${auditId}`}
    >
      {kept.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <SelectField label={t("show")} name={names.show} defaultValue={filter.show} className="w-auto py-1.5" containerClassName="min-w-40">
        {QUEUE_SHOWS.map((show) => (
          <option key={show} value={show}>
            {t(`shows.${show}`)}
          </option>
        ))}
      </SelectField>
      {chapters.length > 0 && (
        <SelectField label={t("chapter")} name={names.chapter} defaultValue={filter.chapter ?? ""} className="w-auto py-1.5">
          <option value="">{t("allChapters")}</option>
          {chapters.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      )}
      <TextField label={t("patient")} name={names.patient} defaultValue={filter.patient ?? ""} maxLength={200} className="w-40 py-1.5" />
      <button type="submit" className={buttonVariants({ variant: "secondary", size: "sm", className: "h-9" })}>
        {t("apply")}
      </button>
      {filtered && (
        <Link href={`/review${clear ? `?${clear}` : ""}`} className="pb-2 text-sm text-teal-800 hover:underline">
          {t("clear")}
        </Link>
      )}
    </form>
  );
}
