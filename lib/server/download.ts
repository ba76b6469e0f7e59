// The headers of every file a route hands out (lib/server/route.ts answers the refusals).
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
