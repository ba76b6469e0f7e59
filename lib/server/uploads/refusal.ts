import "server-only";
import type { ReceiveFailure } from "./multipart";
import { formatBytes } from "./format-bytes";
import { log } from "@/lib/server/log";

export interface RefusalMessages {
  tooLarge: (limit: string) => string;
  malformed: string;
  failed: string;
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
  log().error({ err: failure.error, scope: "upload" }, "receiving failed");
  return Response.json({ error: messages.failed }, { status: 500, headers: { connection: "close" } });
}
