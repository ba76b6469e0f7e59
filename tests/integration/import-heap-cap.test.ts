// SQLite: an upload's import runs in a thread of the web process under a heap cap. An import that
// needs more ends with a located message and writes nothing, while the process goes on serving
// other requests; the next import runs as usual.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { sqliteJobs } from "@/lib/server/jobs";
import { idleImportThreadId, importThreadsStarted, warmImportThread } from "@/lib/server/jobs/import-thread/client";
import { inProcessQueue } from "@/lib/server/jobs/in-process";
import { generateEhrBundle } from "@/lib/synth/ehr/generate";
import { sqlite, target } from "./databases";

/** Small enough that one 15 MB record cannot be read under it; enough to load the importer. */
const CAP_MB = 96;

function writeJsonl(file: string, records: unknown[]) {
  fs.writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
}

describe("an import over the import thread's heap cap (SQLite)", () => {
  afterAll(() => sqlite.dropAll());

  it("fails with a located message, writes nothing, and the server keeps serving", async () => {
    const url = await sqlite.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const queue = inProcessQueue(sqliteJobs(CAP_MB), db);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-heap-cap-"));
    const { bundle } = generateEhrBundle({ seed: "heap-cap", size: "demo", patients: 3 });
    // One patient whose record is ~15 MB of events (under the 16 Mi-character line cap).
    const [first, ...others] = bundle.patients;
    const template = first!.events![0]!;
    const events = Array.from({ length: 25_000 }, (_, i) => ({
      ...template,
      event_id: `${template.event_id}-x${i}`,
      text: "x".repeat(250),
    }));
    writeJsonl(path.join(dir, "patients.jsonl"), [{ ...first, events }, ...others]);
    writeJsonl(path.join(dir, "instances.jsonl"), bundle.instances);
    const small = path.join(dir, "small.json");
    fs.writeFileSync(small, JSON.stringify(generateEhrBundle({ seed: "heap-cap-small", size: "demo", patients: 2 }).bundle));

    // Another request, answered by this process while the import runs.
    const server = http.createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const ask = async () => {
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ok");
      expect(await db.user.count()).toBe(0);
    };
    try {
      await ask(); // the first fetch and query load their modules
      const startedBefore = importThreadsStarted();
      const id = await queue.enqueue("dataset-import", {
        actorId: null,
        files: ["patients.jsonl", "instances.jsonl"].map((name) => ({ path: path.join(dir, name), name })),
      });
      let done = false;
      const outcome = queue.wait("dataset-import", id).finally(() => (done = true));
      const answered: number[] = [];
      while (!done) {
        const t0 = performance.now();
        await ask();
        answered.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await outcome).toEqual({
        status: "invalid",
        total: 1,
        issues: [
          {
            file: "patients.jsonl",
            field: "(file)",
            message: expect.stringMatching(`^the import needed more than ${CAP_MB} MB of memory`),
          },
        ],
      });
      expect(importThreadsStarted()).toBeGreaterThan(startedBefore);
      // Answered throughout, each far sooner than the import took (bound loose for a loaded machine).
      expect(answered.length).toBeGreaterThan(0);
      expect(Math.max(...answered)).toBeLessThan(5_000);
      expect([await db.dataset.count(), await db.patient.count(), await db.ehrEvent.count(), await db.auditEvent.count()]).toEqual([
        0, 0, 0, 0,
      ]);

      // The database is not left locked: the next import writes.
      const next = await queue.wait(
        "dataset-import",
        await queue.enqueue("dataset-import", { actorId: null, files: [{ path: small, name: "small.json" }] }),
      );
      expect(next).toMatchObject({ status: "imported", counts: { patients: 2 } });
      expect(await db.dataset.count()).toBe(1);
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
      await db.$disconnect();
    }
  }, 120_000);
});

describe("the idle import thread", () => {
  // instrumentation.ts warms it in its own copy of the client module; the upload route's copy
  // (another chunk of the build) must find it rather than start a second one beside it.
  it("is one per process, whichever copy of its module warms or takes it", async () => {
    const url = `file:${path.join(os.tmpdir(), "clinaudit-warm-idle.db")}`;
    warmImportThread(url, CAP_MB);
    const idle = idleImportThreadId();
    expect(idle).not.toBeNull();
    vi.resetModules();
    const copy = await import("@/lib/server/jobs/import-thread/client");
    expect(copy.warmImportThread).not.toBe(warmImportThread);
    copy.warmImportThread(url, CAP_MB);
    expect(copy.idleImportThreadId()).toBe(idle);
  });
});
