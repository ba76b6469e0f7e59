import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const testFolders = ["lib", "components", "bench", "bin", "scripts", "tests"];
const testFile = /\.test\.tsx?$/;
// What a file can leave behind in a worker it shares with other files: mocked or reset modules,
// stubbed globals and environment, fake timers, spies, assigned process.env. Such files keep
// vitest's per-file isolation (a fresh module registry each); every other file shares its worker's.
const leavesState =
  /\bvi\.(mock|doMock|unmock|resetModules|stubGlobal|stubEnv|useFakeTimers|spyOn)\b|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|globalThis\.\w+\s*=[^=]/;

function testFilesUnder(folder: string): string[] {
  const dir = path.join(root, folder);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => testFile.test(file) && !file.split(path.sep).includes("node_modules"))
    .map((file) => path.join(folder, file).split(path.sep).join("/"));
}
const testFiles = testFolders.flatMap(testFilesUnder);
const isolatedFiles = testFiles.filter((file) => leavesState.test(fs.readFileSync(path.join(root, file), "utf8")));
const isolatedSet = new Set(isolatedFiles);
const sharedFiles = testFiles.filter((file) => !isolatedSet.has(file));

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(root, "."),
      // Tests are the server: the guard that keeps server code out of client bundles is moot.
      "server-only": path.resolve(root, "tests/support/empty-module.ts"),
    },
  },
  test: {
    testTimeout: 30_000,
    // One TMPDIR for the run, removed at its end (tests/support/temp-dir.ts).
    globalSetup: ["tests/support/temp-dir.ts"],
    environment: "node",
    // vitest's default is one worker fewer than the cores: a single worker on CI's two cores. Most
    // files wait on a database, a child process (R, Python, the CLI) or the disk much of the time,
    // so a second worker uses the core the first leaves idle (figures in scripts/test/run-all.sh).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        // Importing the same module graph afresh for every file was a third of the suite's time
        // (on 2 cores: the 168 pure unit files 158 s isolated, 70 s shared; the 57 integration
        // files that qualify, with the rest isolated, 422 s against 221 s).
        extends: true,
        test: { name: "shared", include: sharedFiles, isolate: false },
      },
      {
        extends: true,
        test: { name: "isolated", include: isolatedFiles },
      },
    ],
  },
});
