import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { RECORD_ROWS_PER_READ } from "@/lib/db/batches";
import { datasetItems, datasetPatients, writePartFile } from "./corrected-files";

vi.mock("server-only", () => ({}));

const lines = { open: () => "", record: (s: string) => s, close: () => "" };
/** 200 records of 16 KiB: ~3 MB, so the stream asks to wait (drain) about fifty times. */
const records = () => Array.from({ length: 200 }, (_, i) => `${String(i).padStart(6, "0")}${"x".repeat(16_377)}\n`);

describe("writePartFile", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it("writes every byte, and leaves no listener behind per wait", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "part-"));
    dirs.push(dir);
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on("warning", onWarning);
    try {
      const file = path.join(dir, "part.jsonl");
      const size = await writePartFile(file, lines, records());
      expect(size).toBe(200 * 16_384);
      expect(fs.statSync(file).size).toBe(size);
      await new Promise((r) => setImmediate(r));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });

  it.runIf(fs.existsSync("/dev/full"))("a full disk is an error of the write, not the end of the process", async () => {
    // /dev/full answers every write with ENOSPC.
    await expect(writePartFile("/dev/full", lines, records())).rejects.toMatchObject({ code: "ENOSPC" });
    await expect(writePartFile("/dev/full", lines, ["short\n"])).rejects.toMatchObject({ code: "ENOSPC" });
  });
});

describe("datasetPatients", () => {
  // A full-size decision-point dataset's shape: 300 patients of ~255 events each. Reading 100 of
  // them at once (25,000 rows) held a server's event loop for 1.3 s on SQLite.
  const stored = Array.from({ length: 300 }, (_, i) => ({
    position: i,
    externalId: `P${i}`,
    data: {},
    events: Array.from({ length: 250 + (i % 10) }, (_, e) => ({
      eventId: `E${e}`,
      gaDays: null,
      visitId: null,
      type: "lab_test",
      name: "Hb",
      text: null,
      data: { time: "2031-01-01T00:00:00", present: { gaDays: false, visitId: false, text: false } },
    })),
    notes: [],
  }));
  const takes: number[] = [];
  const db = {
    patient: {
      findMany: async (args: { where: { position: { gt: number } }; take: number }) => {
        takes.push(args.take);
        return stored.filter((p) => p.position > args.where.position.gt).slice(0, args.take);
      },
    },
  } as unknown as Db;

  it("yields every patient in order, each read about RECORD_ROWS_PER_READ record rows", async () => {
    const seen: string[] = [];
    const progress: number[] = [];
    for await (const p of datasetPatients(db, "d", "ehr-decision-mcq", (done) => progress.push(done))) seen.push(p.patientId);
    expect(seen).toEqual(stored.map((p) => p.externalId));
    expect(progress.at(-1)).toBe(300);
    const rowsPerRead = Math.max(...takes.map((take) => take * 260));
    expect(rowsPerRead).toBeLessThanOrEqual(RECORD_ROWS_PER_READ * 1.1);
  });
});

describe("datasetItems", () => {
  // A full review of the notes benchmark: 4,745 conversations, read at once in 310 ms on SQLite.
  const stored = Array.from({ length: 600 }, (_, i) => ({ position: i, data: { itemId: `Q${i}` }, sampled: i % 2 === 0 }));
  const reads: { take?: number; sampled: boolean }[] = [];
  const db = {
    item: {
      findMany: async (args: { where: { position?: { gt: number }; auditItems?: unknown }; take?: number }) => {
        reads.push({ take: args.take, sampled: args.where.auditItems !== undefined });
        const gt = args.where.position?.gt ?? -1;
        const rows = stored.filter((r) => r.position > gt && (!args.where.auditItems || r.sampled));
        return args.take === undefined ? rows : rows.slice(0, args.take);
      },
    },
  } as unknown as Db;

  it("reads all of a dataset's items, or an audit's sample, in source order a bounded page at a time", async () => {
    reads.length = 0;
    const all = await datasetItems(db, "d");
    expect(all.map((i) => (i as unknown as { itemId: string }).itemId)).toEqual(stored.map((r) => r.data.itemId));
    const sample = await datasetItems(db, "d", { sampledBy: "a" });
    expect(sample).toHaveLength(300);
    expect(reads.every((r) => r.take !== undefined && r.take <= 250)).toBe(true);
    expect(reads.filter((r) => r.sampled).length).toBeGreaterThan(1);
  });
});
