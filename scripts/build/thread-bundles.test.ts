import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundledEntry } from "../../lib/server/threads/start";
import { BUNDLE_DIR, bundleThreads, MANIFEST, THREAD_ENTRIES } from "./thread-bundles.mjs";

const root = path.resolve(import.meta.dirname, "../..");

/** Every thread entry under lib/server (the files start.ts is given), found by name. */
function entriesInTree(dir = path.join(root, "lib", "server")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const file = path.join(dir, d.name);
    if (d.isDirectory()) return entriesInTree(file);
    return d.name === "entry.ts" || d.name === "thread-entry.ts" ? [path.relative(root, file).split(path.sep).join("/")] : [];
  });
}

describe("the threads' bundles", () => {
  let out: string;
  let manifest: Record<string, string>;
  beforeAll(async () => {
    // Inside the checkout, as .next is: the bundles find their packages in its node_modules.
    const cache = path.join(root, "node_modules", ".cache");
    fs.mkdirSync(cache, { recursive: true });
    out = fs.mkdtempSync(path.join(cache, "clinaudit-threads-"));
    manifest = await bundleThreads(root, out);
  }, 60_000);
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

  it("cover every thread entry in the tree", () => {
    expect([...THREAD_ENTRIES].sort()).toEqual(entriesInTree().sort());
    expect(Object.keys(manifest).sort()).toEqual([...THREAD_ENTRIES].sort());
    expect(JSON.parse(fs.readFileSync(path.join(out, BUNDLE_DIR, MANIFEST), "utf8"))).toEqual(manifest);
  });

  it("hold the app's own modules, and import only packages and Node's modules", () => {
    for (const file of Object.values(manifest)) {
      const code = fs.readFileSync(path.join(out, BUNDLE_DIR, file), "utf8");
      const specifiers = [...code.matchAll(/(?:^|\n)\s*import\s[^;]*?from\s+"([^"]+)"|(?:^|\n)\s*import\s+"([^"]+)"/g)].map(
        (m) => m[1] ?? m[2],
      );
      expect(specifiers.length, file).toBeGreaterThan(0);
      for (const specifier of specifiers) expect(specifier, file).toMatch(/^(node:|[a-z@][^./])/);
    }
  });

  it("are ASCII, so that V8 keeps each at one byte a character", () => {
    // esbuild keeps comments as written: the sources' "→" and "…" made two of them two-byte.
    for (const file of Object.values(manifest)) {
      const code = fs.readFileSync(path.join(out, BUNDLE_DIR, file), "utf8");
      expect(
        [...code].filter((c) => c.charCodeAt(0) > 0x7f),
        file,
      ).toEqual([]);
    }
  });

  it("start: the report thread answers from its bundle", async () => {
    const bundle = path.join(out, BUNDLE_DIR, manifest["lib/server/reports/thread/entry.ts"]!);
    const worker = new Worker(path.join(root, "lib", "server", "threads", "boot.mjs"), {
      workerData: { entry: "unused", bundle, nice: 0 },
      execArgv: ["--conditions=react-server"],
    });
    try {
      const reply = await new Promise<{ ok: boolean; value: unknown }>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
        worker.postMessage({ id: 1, request: { op: "ping" } });
      });
      expect(reply).toEqual({ id: 1, ok: true, value: worker.threadId });
    } finally {
      await worker.terminate();
    }
  }, 30_000);

  it("are used by a production server only, for the entries the build bundled", () => {
    const entry = path.join(root, "lib/server/reports/thread/entry.ts");
    expect(bundledEntry(entry, false)).toBeNull();
    expect(bundledEntry(path.join(root, "lib/server/not-a-thread/entry.ts"), true)).toBeNull();
  });
});
