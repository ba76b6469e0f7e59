// The web process's worker threads, bundled by `next build` (next.config.js runs this after the
// production compile): one file of plain JavaScript per thread entry, in .next/server-threads/.
// A thread started from its bundle loads one module instead of compiling the app's TypeScript
// through tsx, which gives each thread its own loader thread and transform cache besides the
// module graph (lib/server/threads/start.ts; the figures are in the README's Performance section).
// Plain JavaScript, because next.config.js imports it before any TypeScript loader exists.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { asciiChunks } from "./ascii-chunks.mjs";

/** Every file lib/server/threads/start.ts starts a thread from, relative to the checkout. */
export const THREAD_ENTRIES = [
  "lib/server/adjudication/corrected-thread/entry.ts",
  "lib/server/agreement/thread-entry.ts",
  "lib/server/jobs/heartbeat-thread/entry.ts",
  "lib/server/jobs/import-thread/entry.ts",
  "lib/server/reports/latent-interval/entry.ts",
  "lib/server/reports/thread/entry.ts",
];

/** The bundles' folder inside the build output, and the manifest that maps each entry to its file. */
export const BUNDLE_DIR = "server-threads";
export const MANIFEST = "manifest.json";

/** "lib/server/reports/thread/entry.ts" → "reports-thread-entry.mjs" */
function bundleName(entry) {
  return `${entry
    .replace(/^lib\/server\//, "")
    .replace(/\.ts$/, "")
    .replaceAll("/", "-")}.mjs`;
}

/**
 * Bundles THREAD_ENTRIES from `projectDir` into `<outDir>/server-threads`, replacing what was
 * there, and returns the manifest. The app's own modules (the `@/` alias included) go into the
 * bundle; packages stay imports, resolved from node_modules when the thread starts, under the
 * thread's `react-server` condition (start.ts). Each bundle is then rewritten in ASCII
 * (ascii-chunks.mjs): esbuild escapes strings but keeps comments as written, and one "→" in a
 * comment made the corrected-build thread's 4.4 MB bundle a two-byte string, 8.7 MB of the
 * thread's heap for as long as it runs (bench/README.md, 2026-12-08). A bundle acorn cannot read,
 * or whose escapes would change it, is left as written.
 */
export async function bundleThreads(projectDir, outDir) {
  const dir = path.resolve(projectDir, outDir, BUNDLE_DIR);
  fs.rmSync(dir, { recursive: true, force: true });
  const manifest = Object.fromEntries(THREAD_ENTRIES.map((entry) => [entry, bundleName(entry)]));
  await build({
    absWorkingDir: projectDir,
    entryPoints: THREAD_ENTRIES.map((entry) => ({ in: entry, out: bundleName(entry).replace(/\.mjs$/, "") })),
    outdir: dir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    conditions: ["react-server"],
    tsconfig: path.join(projectDir, "tsconfig.json"),
    logLevel: "error",
  });
  const ascii = asciiChunks(dir, ".mjs");
  if (ascii.notRewritten.length) console.warn(`thread-bundles: left as written (not rewritten in ASCII): ${ascii.notRewritten.join(", ")}`);
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
