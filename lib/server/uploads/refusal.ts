import "server-only";
import type { ReceiveFailure } from "./multipart";
import { formatBytes } from "./format-bytes";
import { log } from "@/lib/server/log";

export interface RefusalMessages {
  tooLarge: (limit: string) => string;
  malformed: string;
  failed: string;
  /** The server's disk is full: the upload was dropped (507). */
  diskFull: string;
  /** Another disk error (EIO, EACCES, EROFS…): the upload was dropped (500); see writeFailedMessage. */
  writeFailed: string;
}

/** What went wrong with the disk, as a user can act on it (the words: common.uploads.writeProblems). */
export type WriteProblem = "io" | "permission" | "readOnly" | "other";

export function writeProblem(error: unknown): WriteProblem {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "EIO") return "io";
  if (code === "EACCES" || code === "EPERM") return "permission";
  if (code === "EROFS") return "readOnly";
  return "other";
}

/**
 * The answer to an upload that could not be received. A refused body may not have been read to
 * its end (see multipart.ts), so the connection is closed after the answer rather than kept.
 */
export function refusal(failure: ReceiveFailure, messages: RefusalMessages): Response {
  if (failure.reason === "too-large")
    return Response.json(
      { error: messages.tooLarge(formatBytes(failure.limit)), limit: failure.limit },
      { status: 413, headers: { connection: "close" } },
    );
  if (failure.reason === "malformed")
    return Response.json({ error: messages.malformed, detail: failure.detail }, { status: 400, headers: { connection: "close" } });
  if (failure.reason === "disk-full") {
    log().error({ err: failure.error, scope: "upload" }, "disk full: upload dropped");
    return Response.json({ error: messages.diskFull, code: "DISK_FULL" }, { status: 507, headers: { connection: "close" } });
  }
  if (failure.reason === "write-failed") {
    log().error({ err: failure.error, scope: "upload", file: failure.file }, "disk error: upload dropped");
    return Response.json({ error: messages.writeFailed, code: "WRITE_FAILED" }, { status: 500, headers: { connection: "close" } });
  }
  log().error({ err: failure.error, scope: "upload" }, "receiving failed");
  return Response.json({ error: messages.failed }, { status: 500, headers: { connection: "close" } });
}
