// PostgreSQL COPY FROM STDIN in text format: the encoding of one value, and streaming a batch
// of already-encoded lines into a table on a given connection (pg-copy-streams), with the
// socket's backpressure respected. Rows land in whatever transaction the connection is in.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/** NULL in COPY's text format. */
export const COPY_NULL = "\\N";

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/**
 * A text value as COPY's text format reads it back unchanged: backslash, tab (the delimiter),
 * newline and carriage return escaped; every other character as it is (the stream is UTF-8).
 * A NUL character cannot be stored in PostgreSQL text by either path, so it is left for the
 * server to refuse, as it refuses it as a bound parameter.
 */
export function copyText(s: string): string {
  return SPECIAL.test(s) ? s.replace(SPECIAL_ALL, (c) => ESCAPES[c]!) : s;
}

/** A line (row) of COPY text: the encoded fields, tab-separated, newline-terminated. */
export function copyLine(fields: readonly string[]): string {
  return `${fields.join("\t")}\n`;
}

/** Lines joined into pieces of about this many characters: fewer, larger CopyData messages. */
const PIECE_CHARS = 64 * 1024;

function* pieces(lines: readonly string[]): Generator<string> {
  let piece = "";
  for (const line of lines) {
    piece += line;
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = "";
    }
  }
  if (piece) yield piece;
}

/**
 * Streams `lines` (each from copyLine) into `table` (`columns` already quoted) with one COPY on
 * `client`. The pipeline waits for the socket to drain before writing more, and resolves only
 * once PostgreSQL has answered the COPY (the rows are then visible in the transaction). A
 * server error (constraint, bad value) rejects it and aborts the connection's transaction.
 */
export async function copyLines(client: pg.ClientBase, table: string, columns: string, lines: readonly string[]): Promise<number> {
  if (lines.length === 0) return 0;
  const stream = client.query(copyFrom(`COPY "${table}" (${columns}) FROM STDIN`));
  await pipeline(Readable.from(pieces(lines), { objectMode: false }), stream);
  return stream.rowCount;
}
