import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(__dirname, "."),
      // Tests are the server: the guard that keeps server code out of client bundles is moot.
      "server-only": path.resolve(__dirname, "tests/support/empty-module.ts"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "bench/**/*.test.ts", "bin/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.{ts,tsx}", "tests/**/*.test.ts"],
    testTimeout: 30_000,
    environment: "node",
  },
});
