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
