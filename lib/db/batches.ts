/**
 * Reads that stay within every engine's bound-parameter limit at any audit size. Prisma binds an
 * `in` list as one parameter per value and splits it by itself only for some query shapes (not
 * with orderBy, count, groupBy or a filtered nested relation), failing with P2029 past SQLite's
 * 999. Prefer a relation filter (a join); where a list of ids is unavoidable, read it in batches.
 */
export const ID_BATCH = 500;

/** `read` over consecutive slices of `ids` (at most ID_BATCH each), one after another, concatenated. */
export async function inBatches<T, R>(ids: readonly T[], read: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < ids.length; i += ID_BATCH) out.push(...(await read(ids.slice(i, i + ID_BATCH))));
  return out;
}

/**
 * Patients read with their records (events, notes) per query: about this many record rows, a note
 * counted as NOTE_WEIGHT rows (a discharge summary is ~10 KB of text, an event a line). On SQLite
 * a read is one synchronous step of the event loop; measured on a full-size decision-point
 * dataset (~255 events a patient): 100 patients, 25,760 rows, took 1.26 s; 20 took 185 ms; 5
 * (1,308 rows) 22 ms. Patients differ a hundredfold between datasets, so the count per read
 * follows what the last read returned (recordTake).
 */
export const RECORD_ROWS_PER_READ = 1_500;
export const NOTE_WEIGHT = 20;
/** The first read of a series, before anything is known of the patients' size. */
export const FIRST_RECORD_TAKE = 5;
const MAX_RECORD_TAKE = 200;

/** The record rows of patients as a read returned them, notes weighted. */
export function recordRows(patients: readonly { events?: readonly unknown[]; notes?: readonly unknown[] }[]): number {
  let rows = 0;
  for (const p of patients) rows += (p.events?.length ?? 0) + NOTE_WEIGHT * (p.notes?.length ?? 0);
  return rows;
}

/**
 * How many patients the next read asks for, from what the last one returned (`patients` of them
 * with `rows` record rows): about `budget` rows, at least one patient.
 */
export function recordTake(last: { patients: number; rows: number } | null, budget = RECORD_ROWS_PER_READ): number {
  if (!last || last.patients === 0) return FIRST_RECORD_TAKE;
  const perPatient = Math.max(1, last.rows / last.patients);
  return Math.max(1, Math.min(MAX_RECORD_TAKE, Math.floor(budget / perPatient)));
}

/**
 * `read` over consecutive slices of `ids`, each sized by recordTake from the slice before (at most
 * ID_BATCH ids), one after another, concatenated: patients read with their records.
 */
export async function inRecordBatches<T, R extends { events?: readonly unknown[]; notes?: readonly unknown[] }>(
  ids: readonly T[],
  read: (batch: T[]) => Promise<R[]>,
  budget = RECORD_ROWS_PER_READ,
): Promise<R[]> {
  const out: R[] = [];
  let last: { patients: number; rows: number } | null = null;
  for (let i = 0; i < ids.length; ) {
    const take = Math.min(ID_BATCH, recordTake(last, budget));
    const rows = await read(ids.slice(i, i + take));
    out.push(...rows);
    last = { patients: rows.length, rows: recordRows(rows) };
    i += take;
  }
  return out;
}

/**
 * Items (their data JSON) read per query when a whole dataset or sample is read: a full review's
 * 4,745 conversations read at once took 310 ms on SQLite, 250 at a time at most 29 ms a read.
 */
export const ITEMS_PER_READ = 250;

/** Rows grouped by a key, each group in the rows' order. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/** Rows per createMany when a write is split so that other requests run between the parts. */
export const WRITE_BATCH = 1_000;

/** `write` over consecutive slices of `rows` (WRITE_BATCH each), one after another. */
export async function writeInBatches<T>(rows: readonly T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_BATCH) await write(rows.slice(i, i + WRITE_BATCH));
}

/**
 * The time an interactive transaction writing `rows` rows through createMany may take: the
 * client's 30 s, plus 10 ms a row (Prisma compiles each row, ~0.3 ms of CPU; a loaded machine
 * took 36 s for the 15,000 assignments of a full review and the transaction expired).
 */
export function rowsTimeoutMs(rows: number): number {
  return 30_000 + 10 * rows;
}
