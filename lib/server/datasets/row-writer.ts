// Bulk writes of the rows rows.ts maps (imports, restores, the access log).
// Rows are written exactly as Prisma's adapters write them, so Prisma reads them back
// unchanged: Json as JSON text (SQLite) / jsonb (PostgreSQL); DateTime on SQLite as ISO 8601
// with "+00:00" (adapter-better-sqlite3's default `iso8601` format), on PostgreSQL TIMESTAMP(3)
// in UTC. Prisma's createMany compiles and validates every row, which dominated large imports.
//
// SQLite: prepared single-row INSERTs on the client's own better-sqlite3 connection, inside the
// interactive transaction Prisma opened on it (SqliteRowWriter). PostgreSQL: multi-row INSERTs
// through the transaction's $executeRawUnsafe (BulkInserter).
import { sqliteConnection, type Db, type SqliteConnection } from "../../db/client";

export type Dialect = "sqlite" | "postgres";

export function dialectOf(db: object): Dialect {
  return (db as { _activeProvider?: string })._activeProvider === "postgresql" ? "postgres" : "sqlite";
}

// Column kinds. On PostgreSQL, values the importer generates itself (row ids, positions,
// timestamps rendered from Dates) and validated integers are written as SQL literals once they
// pass a strict character check; everything that comes from the input file is a bound
// parameter. Prisma's raw path costs ~1 µs per parameter (it JSON-serializes and re-parses
// them), which on a 250k-event import is seconds, and half of an event's 11 columns are such values.
export type Kind = "text" | "json" | "time" | "key" | "int";
const TABLES = {
  Patient: { id: "key", datasetId: "key", externalId: "text", position: "int", data: "json" },
  EhrEvent: {
    id: "key",
    patientId: "key",
    position: "int",
    eventId: "text",
    time: "time",
    gaDays: "int",
    visitId: "text",
    type: "text",
    name: "text",
    text: "text",
    data: "json",
  },
  Note: { id: "key", patientId: "key", noteNum: "int", chartdate: "text", text: "text", data: "json" },
  Item: {
    id: "key",
    datasetId: "key",
    patientId: "key",
    position: "int",
    kind: "text",
    externalId: "text",
    cutoffTime: "time",
    chapter: "text",
    level: "text",
    decisionPoint: "int",
    ruleId: "text",
    question: "text",
    data: "json",
  },
  Prediction: { setId: "key", position: "int", model: "text", scope: "text", itemId: "key", turn: "int", option: "text" },
  // The access log's batches (lib/server/access-log/log.ts): createMany cost ~8× this per row.
  AccessEvent: {
    id: "key",
    at: "time",
    userId: "text",
    action: "text",
    patient: "text",
    itemExternalId: "text",
    datasetId: "text",
    auditId: "text",
    itemId: "text",
    auditItemId: "text",
    detail: "text",
    address: "text",
  },
} satisfies Record<string, Record<string, Kind>>;
export type Table = keyof typeof TABLES;
export type RowOf<T extends Table> = { [C in keyof (typeof TABLES)[T]]: unknown };

export const COLUMNS = Object.fromEntries(
  Object.entries(TABLES).map(([table, kinds]) => [
    table,
    {
      list: Object.keys(kinds)
        .map((c) => `"${c}"`)
        .join(", "),
      names: Object.keys(kinds),
      kinds: Object.values(kinds) as Kind[],
    },
  ]),
) as Record<Table, { list: string; names: string[]; kinds: Kind[] }>;

/** Buffers or writes rows; `add` returns a promise only when it is writing, so callers await exactly then. */
export interface RowWriter {
  add<T extends Table>(table: T, row: RowOf<T>): Promise<void> | undefined;
  /** Writes whatever is buffered. */
  flushAll(): Promise<void>;
}

/** Progress is reported every this many rows (or per batch on PostgreSQL). */
export const PROGRESS_STEP = 500;

/**
 * SQLite: one prepared INSERT per table on the connection Prisma's transaction runs on, so the
 * rows commit or roll back with everything else the transaction wrote. Synchronous: `add`
 * never returns a promise.
 */
export class SqliteRowWriter implements RowWriter {
  private readonly statements = new Map<Table, ReturnType<SqliteConnection["prepare"]>>();
  private unreported = 0;

  constructor(
    private readonly connection: Pick<SqliteConnection, "prepare" | "inTransaction">,
    private readonly onWritten: (rows: number) => void = () => {},
  ) {
    // Outside a transaction every row would commit on its own: never write that way.
    if (!connection.inTransaction) throw new Error("SqliteRowWriter needs the connection's transaction to be open");
  }

  add<T extends Table>(table: T, row: RowOf<T>): undefined {
    const { names, kinds } = COLUMNS[table];
    let statement = this.statements.get(table);
    if (!statement) {
      statement = this.connection.prepare(`INSERT INTO "${table}" (${COLUMNS[table].list}) VALUES (${names.map(() => "?").join(", ")})`);
      this.statements.set(table, statement);
    }
    const values: unknown[] = new Array(names.length);
    for (let k = 0; k < names.length; k++) values[k] = sqliteValue((row as Record<string, unknown>)[names[k]!], kinds[k]!);
    statement.run(values);
    if (++this.unreported === PROGRESS_STEP) this.report();
    return undefined;
  }

  private report(): void {
    if (this.unreported > 0) this.onWritten(this.unreported);
    this.unreported = 0;
  }

  async flushAll(): Promise<void> {
    this.report();
  }
}

/** DateTime as adapter-better-sqlite3 writes it by default: ISO 8601 with "+00:00". */
const sqliteTime = (d: Date) => d.toISOString().replace("Z", "+00:00");

function sqliteValue(v: unknown, kind: Kind): unknown {
  if (v === undefined || v === null) return null;
  if (kind === "json") return JSON.stringify(v);
  if (kind === "time") return sqliteTime(v as Date);
  return v;
}

/** What may be inlined: a randomUUID(), or a timestamp exactly as `pgTime()` renders it. */
const LITERAL = { key: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, time: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/ };

/** Parents first: a child row's foreign key must find its parent already inserted. */
export const PARENTS: Record<Table, Table[]> = {
  Patient: [],
  EhrEvent: ["Patient"],
  Note: ["Patient"],
  Item: ["Patient"],
  Prediction: [],
  AccessEvent: [],
};
/** Bound parameters per statement (PostgreSQL allows 65,535). */
const MAX_PARAMS = 65_000;
/** Rows per statement: binds only rows with little text (patients); larger statements gained nothing. */
const MAX_ROWS = 500;
/**
 * Flush once a batch's parameters hold this much text. Besides bounding the batch itself:
 * Prisma's debug module keeps the arguments of its last 100 calls even with DEBUG off, i.e.
 * the parameters of the last ~100 statements, and V8 lets the heap reach ~4× its live size
 * before collecting (bench/README.md).
 */
const MAX_CHARS = 50_000;

interface Batch {
  tuples: string[];
  params: unknown[];
  chars: number;
}

interface RawExecutor {
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
}

/** PostgreSQL: multi-row INSERTs through the interactive transaction's raw-query path. */
export class BulkInserter implements RowWriter {
  private readonly batches = new Map<Table, Batch>();

  constructor(
    private readonly tx: RawExecutor,
    private readonly onWritten: (rows: number) => void = () => {},
  ) {}

  /**
   * Buffers a row; returns a promise only when its batch is full and being written, so a
   * 250k-row import does not pay an await per row.
   */
  add<T extends Table>(table: T, row: RowOf<T>): Promise<void> | undefined {
    const { names, kinds } = COLUMNS[table];
    let batch = this.batches.get(table);
    if (!batch) this.batches.set(table, (batch = { tuples: [], params: [], chars: 0 }));
    let tuple = "(";
    for (let k = 0; k < names.length; k++) {
      if (k > 0) tuple += ", ";
      tuple += this.sqlValue(batch, (row as Record<string, unknown>)[names[k]!], kinds[k]!);
    }
    batch.tuples.push(`${tuple})`);
    const maxRows = Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / names.length));
    if (batch.tuples.length >= maxRows || batch.chars >= MAX_CHARS) return this.flush(table);
    return undefined;
  }

  /** A literal for generated values and integers, else a placeholder whose value is bound. */
  private sqlValue(batch: Batch, v: unknown, kind: Kind): string {
    if (v === undefined || v === null) return "NULL";
    if (kind === "int" && Number.isSafeInteger(v)) return String(v);
    if (kind === "time") v = pgTime(v as Date);
    if ((kind === "key" || kind === "time") && typeof v === "string" && LITERAL[kind].test(v))
      return kind === "time" ? `'${v}'::timestamp(3)` : `'${v}'`;
    const param = kind === "json" ? JSON.stringify(v) : v;
    if (typeof param === "string") batch.chars += param.length;
    batch.params.push(param);
    const n = batch.params.length;
    return kind === "json" ? `$${n}::jsonb` : kind === "time" ? `$${n}::timestamp(3)` : `$${n}`;
  }

  async flush(table: Table): Promise<void> {
    for (const parent of PARENTS[table]) await this.flush(parent);
    const batch = this.batches.get(table);
    if (!batch || batch.tuples.length === 0) return;
    this.batches.delete(table);
    await this.tx.$executeRawUnsafe(`INSERT INTO "${table}" (${COLUMNS[table].list}) VALUES ${batch.tuples.join(", ")}`, ...batch.params);
    this.onWritten(batch.tuples.length);
  }

  async flushAll(): Promise<void> {
    for (const table of Object.keys(TABLES) as Table[]) await this.flush(table);
  }
}

/** DateTime as adapter-pg sends it: UTC wall-clock time without a zone, so the session's TimeZone cannot shift it. */
export const pgTime = (d: Date) => d.toISOString().slice(0, 23).replace("T", " ");

/**
 * SQLite: prepared statements on the client's own connection, inside the transaction Prisma
 * opened on it (Prisma's raw-query path costs ~1 µs per parameter plus ~100 µs per statement).
 * PostgreSQL: batched multi-row INSERTs through the transaction.
 */
export function rowWriter(db: Db, tx: RawExecutor, progress: (rows: number) => void = () => {}): RowWriter {
  if (dialectOf(db) === "postgres") return new BulkInserter(tx, progress);
  const connection = sqliteConnection(db);
  if (!connection) throw new Error("rowWriter: this SQLite client has no better-sqlite3 connection (create it with createDb)");
  return new SqliteRowWriter(connection, progress);
}
