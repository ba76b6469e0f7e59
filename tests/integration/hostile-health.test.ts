// Issue 31: the server keeps answering /api/health within a second while it processes each
// hostile input of the issue, in the process that would hold it (SQLite: the web server).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { answersCsv, CHATQA_REPLIES, chatQaRelease } from "@/lib/evaluation/__fixtures__/benchmark-files";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { openFile } from "@/lib/server/datasets/open-file";
import { importPredictions } from "@/lib/server/evaluations/import-predictions";
import { receiveMultipart } from "@/lib/server/uploads/multipart";
import { bombRelease } from "./bomb-fixture";
import { freshDb, sqlite } from "./databases";
import { probeHealthDuring } from "./health-probe";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-hostile-"));
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sqlite.dropAll();
});

describe("/api/health while a hostile input is processed", () => {
  it("answers within 1 s during a gzip bomb's import (refused at its ratio cap)", async () => {
    const db = await freshDb(sqlite);
    const files = bombRelease(dir); // made (gzipSync: seconds) before the probe starts
    const run = await probeHealthDuring(db, () => importDataset(db, null, files));
    expect(run.result.status).toBe("invalid");
    expect(run.probes).toBeGreaterThanOrEqual(2);
    expect(run.worstMs).toBeLessThan(1000);
    await db.$disconnect();
  });

  it("answers within 1 s while an 80 KB answers file with a pathological reply is scored", async () => {
    const db = await freshDb(sqlite);
    const files = Object.entries(chatQaRelease()).map(([name, text]) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      return openFile(file, name);
    });
    const dataset = await importDataset(db, null, files);
    if (dataset.status !== "imported") throw new Error("dataset import failed");
    // The reply: "correct answer is" and 80,000 spaces (28 s of a frozen server before).
    const rows = CHATQA_REPLIES.map((r, n) => ({
      subject: r.subject,
      category: r.category,
      replies: Object.fromEntries(
        Object.entries(r.replies).map(([k, [reply]], i) => [k, n + i === 0 ? `correct answer is${" ".repeat(80_000)}x` : reply]),
      ),
    }));
    const bytes = new TextEncoder().encode(answersCsv(rows));
    expect(bytes.length).toBeGreaterThan(80_000);
    const run = await probeHealthDuring(db, () =>
      importPredictions(db, null, { datasetId: dataset.datasetId, fileName: "answers_Qwen2.5-7B.csv", bytes }),
    );
    expect(run.result).toMatchObject({ status: "imported" });
    expect(run.probes).toBeGreaterThanOrEqual(1);
    expect(run.worstMs).toBeLessThan(1000);
    await db.$disconnect();
  });

  it("answers within 1 s during an upload that fills the disk, and the upload is answered", async () => {
    const db = await freshDb(sqlite);
    // A slow disk with 2 MiB free: writes land, then ENOSPC.
    let written = 0;
    const createSink = () =>
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          if (written + chunk.length > 2 << 20)
            return callback(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", syscall: "write" }));
          written += chunk.length;
          setTimeout(callback, 20);
        },
      });
    const run = await probeHealthDuring(db, () =>
      receiveMultipart(uploadOf(64 << 20), { maxBytes: 1 << 30, root: path.join(dir, "up"), createSink }),
    );
    expect(run.result).toMatchObject({ ok: false, reason: "disk-full" });
    expect(run.probes).toBeGreaterThanOrEqual(2);
    expect(run.worstMs).toBeLessThan(1000);
    expect(fs.readdirSync(path.join(dir, "up"))).toEqual([]);
    await db.$disconnect();
  });
});

/** A multipart request with one file part of `size` bytes, made as it is read. */
function uploadOf(size: number): Request {
  const boundary = "----clinaudit-hostile";
  const enc = new TextEncoder();
  const head = enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.csv"\r\n\r\n`);
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  let sent = -1;
  const chunk = 256 * 1024;
  const body = new ReadableStream<Uint8Array>({
    // Each chunk in a task of its own, as a socket's arrive (not a run of resolved promises).
    async pull(controller) {
      await new Promise((resolve) => setImmediate(resolve));
      if (sent < 0) controller.enqueue(head);
      else if (sent < size) controller.enqueue(new Uint8Array(Math.min(chunk, size - sent)).fill(120));
      else if (sent === size) controller.enqueue(tail);
      else return controller.close();
      sent = sent < 0 ? 0 : sent >= size ? size + 1 : sent + Math.min(chunk, size - sent);
    },
  });
  return new Request("http://localhost/upload", {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
  } as RequestInit);
}
