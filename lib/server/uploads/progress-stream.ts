import "server-only";
import { STREAM_ACCEPT, type UploadEvent } from "./events";
import { log } from "@/lib/server/log";

export interface Answer {
  status: number;
  body: unknown;
}

/** Progress events of one phase closer together than this are dropped (the page repaints at most this often). */
const MIN_INTERVAL_MS = 150;

export function wantsStream(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes(STREAM_ACCEPT);
}

/**
 * Runs `work` and answers its progress as NDJSON while it runs, then its result as the last
 * line. The HTTP status is 200 once the stream starts; the result line carries the status the
 * JSON answer would have had. A page that goes away does not stop the work (an import is all or
 * nothing and finishes either way); `done` runs after it, whatever happened. A failure of the
 * work is logged and answered as `{ error: unexpected }` with status 500.
 */
export function progressStream(
  work: (send: (event: UploadEvent) => void) => Promise<Answer>,
  done: () => void,
  unexpected: string,
): Response {
  const encoder = new TextEncoder();
  let open = true;
  let last = { phase: "", at: 0 };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (event: UploadEvent) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          open = false;
        }
      };
      const send = (event: UploadEvent) => {
        if (event.type === "progress") {
          const now = Date.now();
          if (event.phase === last.phase && now - last.at < MIN_INTERVAL_MS) return;
          last = { phase: event.phase, at: now };
        }
        write(event);
      };
      work(send)
        .then(
          (answer) => write({ type: "result", ...answer }),
          (error: unknown) => {
            log().error({ err: error, scope: "upload" }, "upload work failed");
            write({ type: "result", status: 500, body: { error: unexpected } });
          },
        )
        .finally(() => {
          done();
          if (open) controller.close();
          open = false;
        });
    },
    cancel() {
      open = false;
    },
  });
  return new Response(stream, {
    headers: { "content-type": `${STREAM_ACCEPT}; charset=utf-8`, "cache-control": "no-store", "x-accel-buffering": "no" },
  });
}
