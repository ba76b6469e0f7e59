// What an upload route streams back to the page (NDJSON: one event per line), shared by the
// routes and the upload forms (type-only on the client).

export type UploadPhase =
  /** Waiting for another import in this server to finish (imports run one at a time). */
  | "queued"
  /** The checksum pass: are these exact files already imported? */
  | "checksum"
  /** Every record read and checked; done/total in bytes (characters read ≈ bytes). */
  | "validating"
  /** Rows written; done/total in rows. */
  | "writing";

export type UploadEvent =
  | { type: "progress"; phase: UploadPhase; done?: number; total?: number; records?: number; file?: string }
  /**
   * The import's run stopped before it finished and it was queued again (PostgreSQL job queue):
   * its worker stopped (`workerStopped`) or the run failed (`retrying`); `attempt` of `attempts` is next.
   */
  | { type: "notice"; code: "workerStopped" | "retrying"; attempt: number; attempts: number }
  /** The last line: the HTTP status the plain JSON answer would have had, and its body. */
  | { type: "result"; status: number; body: unknown };

/** The request header a form sends to get the NDJSON stream instead of one JSON answer. */
export const STREAM_ACCEPT = "application/x-ndjson";
