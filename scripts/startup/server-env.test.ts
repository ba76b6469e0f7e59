import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { serverEnv, serverNodeArgs } from "./server-env";

describe("serverEnv", () => {
  it("limits malloc to two arenas unless the caller chose otherwise", () => {
    expect(serverEnv({ PATH: "/bin" }, {}).MALLOC_ARENA_MAX).toBe("2");
    expect(serverEnv({ MALLOC_ARENA_MAX: "8" }, {}).MALLOC_ARENA_MAX).toBe("8");
  });

  it("keeps the caller's variables and sets the server's own over them", () => {
    const env = serverEnv({ PATH: "/bin", DATABASE_URL: "file:old.db" }, { DATABASE_URL: "file:new.db" });
    expect(env).toMatchObject({ PATH: "/bin", DATABASE_URL: "file:new.db" });
  });
});

describe("serverNodeArgs", () => {
  it("bounds V8's heap growth and semi-space unless set to 0", () => {
    expect(serverNodeArgs({ heapGrowthPercent: 50, semiSpaceMb: 4 })).toEqual(["--heap-growing-percent=50", "--max-semi-space-size=4"]);
    expect(serverNodeArgs({ heapGrowthPercent: 0, semiSpaceMb: 4 })).toEqual(["--max-semi-space-size=4"]);
    expect(serverNodeArgs({ heapGrowthPercent: 25, semiSpaceMb: 0 })).toEqual(["--heap-growing-percent=25"]);
    expect(serverNodeArgs({ heapGrowthPercent: 0, semiSpaceMb: 0 })).toEqual([]);
  });

  it("passes options this Node.js accepts on its command line", () => {
    // Not in NODE_OPTIONS, which refuses V8's heap flags: a Node.js that dropped the flag fails here, not at start.
    const run = spawnSync(process.execPath, [...serverNodeArgs({ heapGrowthPercent: 50, semiSpaceMb: 4 }), "-e", "process.exit(0)"], {
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("gives the threads the web process's semi-space", () => {
    // A worker with an old-generation cap of its own (as the report thread has) keeps the flag's new
    // space. The new space grows only as it is used: a million small objects make it reach its cap.
    const script = `
      const { Worker } = require("node:worker_threads");
      new Worker("const v8 = require('node:v8'); const kept = Array.from({ length: 1e6 }, (_, i) => ({ i })); const s = v8.getHeapSpaceStatistics().find((x) => x.space_name === 'new_space'); console.log(s.space_size, kept.length)", {
        eval: true, resourceLimits: { maxOldGenerationSizeMb: 128 },
      });`;
    const sizes = [0, 4].map((semiSpaceMb) => {
      const run = spawnSync(process.execPath, [...serverNodeArgs({ heapGrowthPercent: 0, semiSpaceMb }), "-e", script], {
        encoding: "utf8",
      });
      expect(run.status).toBe(0);
      return Number(run.stdout.trim().split(" ")[0]);
    });
    // A new space is two semi-spaces: at most 8 MB at 4 MB, more with V8's own (16 MB each on 64-bit).
    expect(sizes[1]).toBeLessThanOrEqual(8 * 1024 * 1024 + 1024 * 1024);
    expect(sizes[0]).toBeGreaterThan(sizes[1]!);
  });
});
