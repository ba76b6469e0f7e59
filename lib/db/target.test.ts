import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDatabaseUrl, redact } from "./target";

describe("parseDatabaseUrl", () => {
  it("resolves a relative SQLite file against the working directory", () => {
    expect(parseDatabaseUrl("file:./data/x.db", "/srv/app")).toEqual({
      provider: "sqlite",
      url: "file:./data/x.db",
      file: path.resolve("/srv/app", "data/x.db"),
    });
  });
  it("accepts absolute SQLite paths and in-memory databases", () => {
    expect(parseDatabaseUrl("file:/tmp/a.db").provider).toBe("sqlite");
    expect(parseDatabaseUrl("file:///tmp/a.db")).toMatchObject({ file: "/tmp/a.db" });
    expect(parseDatabaseUrl("file::memory:")).toMatchObject({ file: ":memory:" });
  });
  it("selects PostgreSQL for both URL schemes", () => {
    expect(parseDatabaseUrl("postgres://u@h/db").provider).toBe("postgres");
    expect(parseDatabaseUrl("postgresql://u:p@h:5432/db").provider).toBe("postgres");
  });
  it("rejects other schemes without echoing the password", () => {
    expect(() => parseDatabaseUrl("mysql://root:secret@h/db")).toThrow(/root:\*\*\*@/);
    expect(() => parseDatabaseUrl("file:")).toThrow(/names no SQLite file/);
  });
  it("redacts passwords", () => {
    expect(redact("postgresql://u:pw@h/db")).toBe("postgresql://u:***@h/db");
  });
});
