import { Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { createLogger } = await import("./log");

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, stream };
}

describe("server log", () => {
  it("writes JSON lines with a level and the error's stack", async () => {
    const { lines, stream } = capture();
    createLogger("info", stream).error({ err: new Error("disk full"), scope: "upload" }, "receiving failed");
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: "receiving failed", scope: "upload", err: { message: "disk full" } });
    expect(String((lines[0]!.err as { stack: string }).stack)).toContain("disk full");
  });

  it("censors comments, record text and secrets wherever they sit", async () => {
    const { lines, stream } = capture();
    createLogger("info", stream).warn(
      {
        comment: "gold is wrong, see 3/12",
        input: { text: "G2P1 at 34 weeks", password: "hunter2hunter2" },
        item: { evidence: { evidenceText: "BP 160/110" } },
      },
      "saving failed",
    );
    await new Promise((r) => setImmediate(r));
    const line = JSON.stringify(lines[0]);
    for (const secret of ["gold is wrong", "G2P1", "hunter2", "160/110"]) expect(line).not.toContain(secret);
    expect(line).toContain("[redacted]");
  });

  it("stays quiet below its level", async () => {
    const { lines, stream } = capture();
    createLogger("warn", stream).info("started");
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(0);
  });
});
