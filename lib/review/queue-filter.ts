// A rater's filter of their own queue, kept in the URL so that it survives a reload and a link:
// per audit (the queue page lists each audit the rater is in), `show_<audit>` = what to show,
// `chapter_<audit>` and `patient_<audit>` narrow it. Pure: the page and the tests share it.

export const QUEUE_SHOWS = ["all", "todo", "flagged", "commented", "rated"] as const;
export type QueueShow = (typeof QUEUE_SHOWS)[number];

export interface QueueFilter {
  show: QueueShow;
  chapter?: string;
  patient?: string;
}

/** What a filter reads of a queue item. */
export interface FilterableItem {
  status: "todo" | "in-progress" | "done";
  flagged: boolean;
  commented: boolean;
  chapter: string | null;
  patient: string;
}

type Search = Record<string, string | string[] | undefined>;

/** The URL parameter names of one audit's filter. */
export function queueFilterParams(auditId: string) {
  return { show: `show_${auditId}`, chapter: `chapter_${auditId}`, patient: `patient_${auditId}` };
}

const MAX_TEXT = 200;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim().slice(0, MAX_TEXT) || undefined;

/** One audit's filter from the URL; anything unknown reads as no filter. */
export function parseQueueFilter(search: Search, auditId: string): QueueFilter {
  const names = queueFilterParams(auditId);
  const show = one(search[names.show]);
  const chapter = one(search[names.chapter]);
  const patient = one(search[names.patient]);
  return {
    show: (QUEUE_SHOWS as readonly string[]).includes(show ?? "") ? (show as QueueShow) : "all",
    ...(chapter ? { chapter } : {}),
    ...(patient ? { patient } : {}),
  };
}

/** True when the filter narrows anything. */
export function isFiltered(f: QueueFilter): boolean {
  return f.show !== "all" || f.chapter !== undefined || f.patient !== undefined;
}

/**
 * The items the filter keeps, in queue order. "todo": not done yet; "rated": anything the rater
 * answered (their ratings, to revisit); a patient matches by its id, whole or in part, any case.
 */
export function filterQueue<T extends FilterableItem>(items: readonly T[], f: QueueFilter): T[] {
  const patient = f.patient?.toLowerCase();
  return items.filter(
    (i) =>
      (f.show === "all" ||
        (f.show === "todo" && i.status !== "done") ||
        (f.show === "flagged" && i.flagged) ||
        (f.show === "commented" && i.commented) ||
        (f.show === "rated" && i.status !== "todo")) &&
      (f.chapter === undefined || i.chapter === f.chapter) &&
      (patient === undefined || i.patient.toLowerCase().includes(patient)),
  );
}

/** The chapters of a queue, sorted, for the filter's choice. */
export function queueChapters(items: readonly FilterableItem[]): string[] {
  return [...new Set(items.flatMap((i) => (i.chapter ? [i.chapter] : [])))].sort((a, b) => a.localeCompare(b));
}
