// Minimal HTTP client for load generation: node:http with keep-alive sockets, timing each
// request from its start to the last byte of the body.
import http from "node:http";

export const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Request start → last body byte. */
  ms: number;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export function request(url: string, options: RequestOptions = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const req = http.request(
      url,
      {
        method: options.method ?? "GET",
        agent,
        // identity: the same bytes for a page and its static copy, no compression work on either side.
        headers: { "accept-encoding": "identity", ...(body ? { "content-length": String(body.length) } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Cookie pairs (name=value) set by a response. */
export function setCookies(res: Response): Map<string, string> {
  const raw = res.headers["set-cookie"] ?? [];
  return new Map(raw.map((c) => c.split(";")[0]!).map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
}

/**
 * Runs `workers` loops at once; worker w calls `task(w, i)` for i = 0 … perWorker−1, one after
 * the other (a user waits for a page before asking for the next). Returns the task results.
 */
export async function concurrently<T>(workers: number, perWorker: number, task: (worker: number, i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; i < perWorker; i++) results.push(await task(w, i));
    }),
  );
  return results;
}
