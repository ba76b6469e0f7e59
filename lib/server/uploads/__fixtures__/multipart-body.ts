// Multipart request bodies for the upload tests, produced as they are read, and the temporary
// upload folders the tests receive them into.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

export const BOUNDARY = "----clinaudit-test-boundary";

/** A fresh folder per call; every folder is removed after each test. */
export function uploadRoots(): () => string {
  const roots: string[] = [];
  afterEach(() => {
    for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
  });
  return () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-multipart-"));
    roots.push(dir);
    return dir;
  };
}

export type Part = { field: string; value: string } | { field: string; filename: string; size: number; fill?: string };

/** A multipart body produced lazily (a 64 MiB file part never exists in memory). */
export function body(
  parts: Part[],
  options: { chunk?: number; truncateAt?: number } = {},
): { stream: ReadableStream<Uint8Array>; length: number } {
  const chunk = options.chunk ?? 256 * 1024;
  const pieces: (Uint8Array | { size: number; fill: string })[] = [];
  const enc = new TextEncoder();
  for (const p of parts) {
    if ("value" in p) pieces.push(enc.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`));
    else {
      pieces.push(
        enc.encode(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      );
      pieces.push({ size: p.size, fill: p.fill ?? "x" });
      pieces.push(enc.encode("\r\n"));
    }
  }
  pieces.push(enc.encode(`--${BOUNDARY}--\r\n`));
  const length = pieces.reduce((n, p) => n + (p instanceof Uint8Array ? p.length : p.size), 0);
  let sent = 0;
  async function* generate() {
    for (const p of pieces) {
      if (p instanceof Uint8Array) yield p;
      else for (let at = 0; at < p.size; at += chunk) yield new Uint8Array(Math.min(chunk, p.size - at)).fill(p.fill.charCodeAt(0));
    }
  }
  const iterator = generate();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await iterator.next();
      if (done || (options.truncateAt !== undefined && sent >= options.truncateAt)) {
        if (options.truncateAt !== undefined) controller.error(new Error("client went away"));
        else controller.close();
        return;
      }
      sent += value.length;
      controller.enqueue(value);
    },
  });
  return { stream, length };
}

export function request(
  parts: Part[],
  options: { declareLength?: boolean; chunk?: number; truncateAt?: number; contentType?: string } = {},
): Request {
  const { stream, length } = body(parts, options);
  const headers: Record<string, string> = { "content-type": options.contentType ?? `multipart/form-data; boundary=${BOUNDARY}` };
  if (options.declareLength) headers["content-length"] = String(length);
  return new Request("http://localhost/upload", { method: "POST", body: stream, headers, duplex: "half" } as RequestInit);
}

export const uploads = (dir: string) => fs.readdirSync(dir);
