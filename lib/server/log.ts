import "server-only";
import pino, { type Logger } from "pino";
import { env } from "@/lib/env";

/**
 * What must never reach a log line: what clinicians wrote and what patients' records say, and
 * secrets. Logs leave the clinical boundary (files, collectors), so these are censored by key
 * wherever they appear one or two levels into a logged object.
 */
export const REDACTED_KEYS = [
  "comment",
  "comments",
  "text",
  "note",
  "notes",
  "record",
  "records",
  "evidenceText",
  "body",
  "password",
  "token",
] as const;

const redactPaths = REDACTED_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    { level, base: { app: "clinaudit" }, redact: { paths: redactPaths, censor: "[redacted]" }, timestamp: pino.stdTimeFunctions.isoTime },
    destination,
  );
}

let logger: Logger | undefined;

/** The server's logger: JSON lines with levels on standard output. */
export function log(): Logger {
  const e = env();
  logger ??= createLogger(e.CLINAUDIT_LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"));
  return logger;
}
