// One XMLHttpRequest per upload: XHR reports the transfer's progress (fetch does not), and its
// responseText grows while the server streams NDJSON progress events, so one request shows
// both the transfer and the server's validation and writing.
import { STREAM_ACCEPT, type UploadEvent } from "@/lib/server/uploads/events";

export type ServerProgress = Extract<UploadEvent, { type: "progress" }>;
export type ServerNotice = Extract<UploadEvent, { type: "notice" }>;

export interface UploadCallbacks {
  /** Bytes of the request body sent so far. */
  onSent(loaded: number, total: number): void;
  /** The body is sent; the server works. */
  onSentAll(): void;
  onServer(progress: ServerProgress): void;
  /** Something the uploader should read while the work goes on (e.g. the import was queued again). */
  onNotice?(notice: ServerNotice): void;
  /** The final answer: HTTP status (for a stream, the status its result line names) and body. */
  onDone(status: number, body: unknown): void;
  onNetworkError(): void;
}

/** Parses the complete lines of an NDJSON text from `from`; returns where the next unread line starts. */
export function readLines(text: string, from: number, onEvent: (event: UploadEvent) => void): number {
  let at = from;
  for (let end = text.indexOf("\n", at); end >= 0; end = text.indexOf("\n", at)) {
    const line = text.slice(at, end).trim();
    at = end + 1;
    if (line) onEvent(JSON.parse(line) as UploadEvent);
  }
  return at;
}

export function sendUpload(url: string, data: FormData, on: UploadCallbacks, options: { stream?: boolean } = {}): () => void {
  const xhr = new XMLHttpRequest();
  xhr.open("POST", url);
  if (options.stream) xhr.setRequestHeader("Accept", STREAM_ACCEPT);
  let read = 0;
  let result: { status: number; body: unknown } | undefined;
  const streamed = () => (xhr.getResponseHeader("content-type") ?? "").startsWith(STREAM_ACCEPT);
  const drain = () => {
    if (!streamed()) return;
    read = readLines(xhr.responseText, read, (event) => {
      if (event.type === "progress") on.onServer(event);
      else if (event.type === "notice") on.onNotice?.(event);
      else result = { status: event.status, body: event.body };
    });
  };
  xhr.upload.onprogress = (e) => e.lengthComputable && on.onSent(e.loaded, e.total);
  xhr.upload.onload = () => on.onSentAll();
  xhr.onprogress = () => {
    try {
      drain();
    } catch {
      // a line cut mid-way is read once it is complete
    }
  };
  xhr.onload = () => {
    try {
      drain();
      if (result) return on.onDone(result.status, result.body);
      on.onDone(xhr.status, streamed() ? null : JSON.parse(xhr.responseText));
    } catch {
      on.onDone(xhr.status, null);
    }
  };
  xhr.onerror = () => on.onNetworkError();
  xhr.send(data);
  return () => xhr.abort();
}
