import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "."),
      // Tests are the server: the guard that keeps server code out of client bundles is moot.
      "server-only": path.resolve(import.meta.dirname, "tests/support/empty-module.ts"),
    },
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "bench/**/*.test.ts",
      "bin/**/*.test.ts",
      "scripts/**/*.test.ts",
      "components/**/*.test.{ts,tsx}",
      "tests/**/*.test.ts",
    ],
    testTimeout: 30_000,
    // One TMPDIR for the run, removed at its end (tests/support/temp-dir.ts).
    globalSetup: ["tests/support/temp-dir.ts"],
    environment: "node",
    // vitest's default is one worker fewer than the cores: a single worker on CI's two cores. Most
    // files wait on a database, a child process (R, Python, the CLI) or the disk much of the time,
    // so a second worker uses the core the first leaves idle (figures in scripts/test/run-all.sh).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
