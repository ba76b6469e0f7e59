import { describe, expect, it } from "vitest";
import { readLines } from "@/components/import/upload-request";
import type { UploadEvent } from "./events";
import { formatBytes } from "./format-bytes";
import { importProgress } from "./import-progress";
import { oneAtATime } from "./one-at-a-time";
import { progressStream } from "./progress-stream";

async function lines(response: Response): Promise<UploadEvent[]> {
  const events: UploadEvent[] = [];
  readLines(await response.text(), 0, (e) => events.push(e));
  return events;
}

describe("progressStream", () => {
  it("streams progress, drops repaints closer than 150 ms within a phase, and ends with the result", async () => {
    let cleaned = false;
    const response = progressStream(
      async (send) => {
        for (let i = 0; i < 50; i++) send({ type: "progress", phase: "validating", done: i, total: 50 });
        send({ type: "progress", phase: "writing", done: 1, total: 2 });
        return { status: 422, body: { status: "invalid" } };
      },
      () => (cleaned = true),
      "unexpected",
    );
    expect(response.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const events = await lines(response);
    expect(events).toEqual([
      { type: "progress", phase: "validating", done: 0, total: 50 },
      { type: "progress", phase: "writing", done: 1, total: 2 },
      { type: "result", status: 422, body: { status: "invalid" } },
    ]);
    expect(cleaned).toBe(true);
  });

  it("a failure of the work is a 500 result line, and the clean-up still runs", async () => {
    let cleaned = false;
    const events = await lines(
      progressStream(
        async () => Promise.reject(new Error("disk")),
        () => (cleaned = true),
        "The import failed.",
      ),
    );
    expect(events).toEqual([{ type: "result", status: 500, body: { error: "The import failed." } }]);
    expect(cleaned).toBe(true);
  });
});

describe("importProgress", () => {
  it("sums characters over files against the upload's bytes and passes writing through", () => {
    const sent: UploadEvent[] = [];
    const on = importProgress(
      [
        { name: "patients.jsonl", bytes: 1000 },
        { name: "instances.jsonl", bytes: 100 },
      ],
      (e) => sent.push(e),
    );
    on({ file: "patients.jsonl", chars: 1000, records: 10 });
    on({ file: "instances.jsonl", chars: 150, records: 3 });
    on({ phase: "writing", written: 5, total: 13 });
    expect(sent).toEqual([
      { type: "progress", phase: "validating", done: 1000, total: 1100, records: 10, file: "patients.jsonl" },
      { type: "progress", phase: "validating", done: 1100, total: 1100, records: 13, file: "instances.jsonl" },
      { type: "progress", phase: "writing", done: 5, total: 13 },
    ]);
  });
});

describe("oneAtATime", () => {
  it("runs jobs one after another, says when one has to wait, and survives a failed job", async () => {
    const order: string[] = [];
    let queued = 0;
    const job =
      (name: string, fail = false) =>
      async () => {
        order.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, 5));
        order.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([
      oneAtATime(job("a", true)),
      oneAtATime(job("b"), () => queued++),
      oneAtATime(job("c"), () => queued++),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled", "fulfilled"]);
    expect(order).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(queued).toBe(2);
  });
});

describe("readLines and formatBytes", () => {
  it("reads only complete lines and says where to go on", () => {
    const seen: UploadEvent[] = [];
    const text = '{"type":"progress","phase":"checksum"}\n{"type":"res';
    expect(readLines(text, 0, (e) => seen.push(e))).toBe(text.indexOf("\n") + 1);
    expect(seen).toEqual([{ type: "progress", phase: "checksum" }]);
  });
  it("names sizes in binary units", () => {
    expect([formatBytes(2 * 1024 ** 3), formatBytes(64 * 1024 ** 2), formatBytes(1536), formatBytes(500)]).toEqual([
      "2 GiB",
      "64 MiB",
      "1.5 KiB",
      "500 bytes",
    ]);
  });
});
