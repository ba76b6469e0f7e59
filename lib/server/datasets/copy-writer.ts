// PostgreSQL imports: rows streamed with COPY FROM STDIN on the connection of the import's own
// interactive transaction, so they commit or roll back with the dataset row, the findings and
// the trail entry. Rows are written exactly as BulkInserter writes them (the same columns and
// encodings: Json as jsonb text, DateTime as UTC TIMESTAMP(3)), so Prisma reads them back alike.
import type pg from "pg";
import { pgTransactionConnection, type Db } from "../../db/client";
import { COPY_NULL, copyLine, copyLines, copyText } from "../../db/pg-copy";
import { COLUMNS, pgTime, type Kind, type RowOf, type RowWriter, type Table } from "./row-writer";

/**
 * A batch is sent once its encoded lines hold this many characters. One COPY per table in it,
 * parents first (foreign keys are checked at the end of each COPY). While one batch streams,
 * the next is being encoded: at most two batches are held, so memory stays flat.
 */
const BATCH_CHARS = 4 * 1024 * 1024;

/**
 * Encoding pauses for the event loop after about this many characters.
 * The COPY's data, its start and its end each wait for this process to read the server's answer
 * or refill the socket, which it can only do between rows: without the pauses every COPY waited
 * for the importer's longest run of synchronous work (a file chunk parsed and encoded) three
 * times over (bench/README.md, "PostgreSQL import").
 */
const YIELD_CHARS = 64 * 1024;

/** Tables in an order where each comes after its parents (row-writer.ts PARENTS). */
const ORDER = Object.keys(COLUMNS) as Table[];

function copyValue(v: unknown, kind: Kind): string {
  if (v === undefined || v === null) return COPY_NULL;
  if (kind === "int" && typeof v === "number") return String(v);
  if (kind === "json") return copyText(JSON.stringify(v));
  if (kind === "time" && v instanceof Date) return pgTime(v);
  return copyText(String(v));
}

/** One row of `table` as a COPY text line. */
export function copyRow<T extends Table>(table: T, row: RowOf<T>): string {
  const { names, kinds } = COLUMNS[table];
  const fields: string[] = new Array(names.length);
  for (let k = 0; k < names.length; k++) fields[k] = copyValue((row as Record<string, unknown>)[names[k]!], kinds[k]!);
  return copyLine(fields);
}

type Batch = Map<Table, string[]>;

export class CopyRowWriter implements RowWriter {
  private batch: Batch = new Map();
  private chars = 0;
  private rows = 0;
  private sinceYield = 0;
  /** The batch being streamed, if any; it rejects with the server's error. */
  private sending: Promise<void> | undefined;

  constructor(
    private readonly connection: pg.ClientBase,
    private readonly onWritten: (rows: number) => void = () => {},
  ) {}

  /**
   * Encodes a row. When a batch is full, returns the wait for the previous batch (backpressure);
   * now and then, a turn of the event loop (YIELD_CHARS).
   */
  add<T extends Table>(table: T, row: RowOf<T>): Promise<void> | undefined {
    const line = copyRow(table, row);
    const lines = this.batch.get(table);
    if (lines) lines.push(line);
    else this.batch.set(table, [line]);
    this.chars += line.length;
    this.rows++;
    if (this.chars >= BATCH_CHARS) return this.send();
    this.sinceYield += line.length;
    if (this.sinceYield < YIELD_CHARS) return undefined;
    this.sinceYield = 0;
    return new Promise((resolve) => setImmediate(resolve));
  }

  /** Starts streaming the current batch after the previous one; resolves when the previous is in. */
  private send(): Promise<void> {
    const batch = this.batch;
    const rows = this.rows;
    this.batch = new Map();
    this.chars = 0;
    this.rows = 0;
    const previous = this.sending ?? Promise.resolve();
    const next = previous.then(() => this.stream(batch, rows));
    // Surfaced by the next add's await or by flushAll; never an unhandled rejection meanwhile.
    next.catch(() => {});
    this.sending = next;
    return previous;
  }

  private async stream(batch: Batch, rows: number): Promise<void> {
    for (const table of ORDER) {
      const lines = batch.get(table);
      if (lines) await copyLines(this.connection, table, COLUMNS[table].list, lines);
    }
    this.onWritten(rows);
  }

  async flushAll(): Promise<void> {
    if (this.rows > 0) void this.send();
    await this.sending;
  }
}

/** The COPY writer on the connection of `tx`, an interactive transaction of the PostgreSQL client `db`. */
export async function copyRowWriter(
  db: Db,
  tx: Parameters<typeof pgTransactionConnection>[1],
  progress?: (rows: number) => void,
): Promise<CopyRowWriter> {
  const connection = await pgTransactionConnection(db, tx);
  if (!connection) throw new Error("copyRowWriter: not a PostgreSQL client made by createDb");
  return new CopyRowWriter(connection, progress);
}
