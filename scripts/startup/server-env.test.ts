import { describe, expect, it } from "vitest";
import { serverEnv } from "./server-env";

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
