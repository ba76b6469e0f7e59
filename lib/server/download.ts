// The headers of every file a route hands out (lib/server/route.ts answers the refusals), and the
// stream of the files it sends from disk.
import type fs from "node:fs";

type Body = ConstructorParameters<typeof Response>[0];

export interface Download {
  /** The file name the browser saves as: any Unicode (an audit's name may be Chinese). */
  fileName: string;
  /** The media type; text types get `; charset=utf-8` unless they name one. */
  type: string;
  /** Bytes, when known before streaming (the browser shows progress). */
  size?: number;
  /** Further headers (e.g. X-Content-SHA256). */
  extra?: Record<string, string>;
}

/** RFC 5987 ext-value: UTF-8, percent-encoded beyond the attr-char set. */
function extValue(text: string): string {
  return `UTF-8''${encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * Content-Disposition for `fileName`: a plain ASCII `filename` for old clients (every other
 * character, quotes and backslashes too, becomes "_") and the exact name as RFC 6266 `filename*`.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=${extValue(fileName)}`;
}

/**
 * The one set of download headers: an attachment with its name, its type, never cached by a
 * shared cache or kept by the browser (clinical data; a signed-out user's back button shows
 * nothing), and never sniffed into something executable.
 */
export function downloadHeaders(download: Download): Headers {
  const type =
    /^text\/|[/+](json|x-ndjson|csv|x-tex|markdown)$/.test(download.type) && !/charset=/i.test(download.type)
      ? `${download.type}; charset=utf-8`
      : download.type;
  const headers = new Headers({
    "Content-Type": type,
    "Content-Disposition": contentDisposition(download.fileName),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    ...download.extra,
  });
  if (download.size !== undefined) headers.set("Content-Length", String(download.size));
  return headers;
}

/** A download response: the body with downloadHeaders. */
export function downloadResponse(body: Body, download: Download): Response {
  return new Response(body, { headers: downloadHeaders(download) });
}

/**
 * Opened files (and texts) one after another as a web stream, each file read 1 MiB at a time; every
 * file is closed at the end or when the download is cancelled. Opened before the answer starts, a
 * file removed meanwhile (a newer version replacing it) is still sent whole.
 */
export function fileStreams(parts: readonly (fs.promises.FileHandle | string)[]): ReadableStream<Uint8Array> {
  let closed: Promise<unknown> | undefined;
  const close = () => (closed ??= Promise.all(parts.map((p) => (typeof p === "string" ? undefined : p.close().catch(() => undefined)))));
  async function* bytes(): AsyncGenerator<Uint8Array> {
    try {
      for (const part of parts) {
        if (typeof part === "string") {
          if (part) yield Buffer.from(part);
          continue;
        }
        // 1 MiB reads: few round trips to the thread pool for a 300 MB file.
        for await (const chunk of part.createReadStream({ highWaterMark: 1 << 20, autoClose: false })) yield chunk as Buffer;
      }
    } finally {
      await close();
    }
  }
  const iterator = bytes();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    // A generator not yet started runs no finally on return(): the files are closed here too.
    async cancel() {
      await iterator.return(undefined);
      await close();
    },
  });
}
