// The access log's vocabulary and its pure rules (framework- and database-free, unit-tested):
// what an event is, when a flush is retried, how long rows are kept and when they are pruned.

export const ACCESS_ACTIONS = [
  "case.view",
  // A case page's data sent without being shown: a prefetch, or a client navigation before the
  // page reports itself open (then "case.view" follows from the browser).
  "case.sent",
  "adjudication.view",
  "dataset-item.view",
  "download.corrected",
  "download.backup",
  "download.package",
  // The triage list's CSV: item ids ranked by model disagreement and P(error), no record text.
  "download.triage",
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** One access as the hot path hands it over; `at` is taken then, not when the batch is written. */
export interface AccessEventInput {
  at: Date;
  userId: string;
  action: AccessAction;
  /** The dataset patient's external id; null for a download that covers many patients. */
  patient: string | null;
  itemExternalId?: string | null;
  datasetId?: string | null;
  auditId?: string | null;
  itemId?: string | null;
  auditItemId?: string | null;
  /** What a download covered (file, patient count), as JSON text. */
  detail?: string | null;
  address: string | null;
}

/** Where and by whom: what every call site knows before it reads anything. */
export interface Viewer {
  userId: string;
  address: string | null;
}

/**
 * Writes a batch, and once more if that failed (a busy or briefly unreachable database); a
 * second failure is reported and the batch dropped. Never throws: a page never fails for its log.
 */
export async function writeWithOneRetry<T>(
  rows: T[],
  write: (rows: T[]) => Promise<unknown>,
  report: (error: unknown, attempt: 1 | 2, rows: number) => void,
): Promise<boolean> {
  for (const attempt of [1, 2] as const) {
    try {
      await write(rows);
      return true;
    } catch (error) {
      report(error, attempt, rows.length);
    }
  }
  return false;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows older than this instant are past retention. */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** At most one prune a day per process: due when none ran yet or the last is a day old. */
export function pruneDue(lastPrune: Date | null, now: Date): boolean {
  return lastPrune === null || now.getTime() - lastPrune.getTime() >= DAY_MS;
}

export interface AccessFilters {
  userId?: string;
  patient?: string;
  /** Inclusive first day and last day (UTC, YYYY-MM-DD). */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string | undefined) => (v && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : undefined);
const text = (v: string | undefined) => v?.trim().slice(0, 200) || undefined;

/** The filters a URL holds; malformed days are dropped rather than queried. */
export function parseAccessFilters(get: (key: string) => string | undefined): AccessFilters {
  const f: AccessFilters = {};
  const userId = text(get("user"));
  const patient = text(get("patient"));
  const from = validDay(get("from"));
  const to = validDay(get("to"));
  if (userId) f.userId = userId;
  if (patient) f.patient = patient;
  if (from) f.from = from;
  if (to) f.to = to;
  return f;
}

/** The filters as URL parameters (for the export link and paging). */
export function accessFilterParams(f: AccessFilters): Record<string, string> {
  return {
    ...(f.userId ? { user: f.userId } : {}),
    ...(f.patient ? { patient: f.patient } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
  };
}

/** The day range as instants: from the first day's midnight (UTC) to before the day after the last. */
export function dayRange(f: AccessFilters): { gte?: Date; lt?: Date } {
  return {
    ...(f.from ? { gte: new Date(`${f.from}T00:00:00Z`) } : {}),
    ...(f.to ? { lt: new Date(new Date(`${f.to}T00:00:00Z`).getTime() + DAY_MS) } : {}),
  };
}
