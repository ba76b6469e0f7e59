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
  it("bounds V8's heap growth unless set to 0", () => {
    expect(serverNodeArgs(50)).toEqual(["--heap-growing-percent=50"]);
    expect(serverNodeArgs(0)).toEqual([]);
  });

  it("passes options this Node.js accepts on its command line", () => {
    // Not in NODE_OPTIONS, which refuses V8's heap flags: a Node.js that dropped the flag fails here, not at start.
    const run = spawnSync(process.execPath, [...serverNodeArgs(50), "-e", "process.exit(0)"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
