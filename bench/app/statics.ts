// The static baselines, served by the app server itself: files in public/ are served by
// `next start` only if they exist when it starts, so they are written between a probe start
// (which renders the case page whose bytes they copy) and the measured start.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { onCleanup } from "../lib/processes";

const PUBLIC = path.resolve(import.meta.dirname, "../../public");
const PREFIX = "bench-static-";

export interface PublishedStatics {
  /** URL path of each file, e.g. /bench-static-case.html. */
  paths: Record<string, string>;
  remove(): void;
}

export function publishStatics(files: Record<string, Buffer | string>): PublishedStatics {
  const createdDir = !fs.existsSync(PUBLIC);
  fs.mkdirSync(PUBLIC, { recursive: true });
  const written: string[] = [];
  const paths: Record<string, string> = {};
  const remove = () => {
    for (const f of written.splice(0)) fs.rmSync(f, { force: true });
    if (createdDir && fs.existsSync(PUBLIC) && fs.readdirSync(PUBLIC).length === 0) fs.rmdirSync(PUBLIC);
  };
  const unregister = onCleanup(remove);
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(PUBLIC, `${PREFIX}${name}.html`);
    fs.writeFileSync(file, content);
    written.push(file);
    // Dated in the past so the start script's "sources newer than the build" check ignores them.
    fs.utimesSync(file, new Date("2000-01-01"), new Date("2000-01-01"));
    paths[name] = `/${PREFIX}${name}.html`;
  }
  return {
    paths,
    remove: () => {
      remove();
      unregister();
    },
  };
}

/** Fallback only: the same files from node:http, when the app server does not serve them. */
export function serveFiles(port: number, files: Record<string, Buffer | string>): Promise<{ base: string; close(): Promise<void> }> {
  const byPath = new Map(Object.entries(files).map(([name, c]) => [`/${PREFIX}${name}.html`, Buffer.from(c)]));
  const server = http.createServer((req, res) => {
    const body = byPath.get(req.url ?? "");
    res.writeHead(body ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(body ?? "not found");
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({ base: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) }),
    );
  });
}
