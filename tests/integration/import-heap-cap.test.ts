// Every import runs in a thread under a heap cap (CLINAUDIT_IMPORT_HEAP_MB): an upload's on SQLite
// (a thread of the web process), a job worker's on PostgreSQL, and `clinaudit import`'s. An import
// that needs more ends with a located message and writes nothing, while the process goes on
// (serving other requests, working the next job); the next import runs as usual.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { cappedJobs } from "@/lib/server/jobs/capped";
import { idleImportThreadId, importThreadsStarted, warmImportThread } from "@/lib/server/jobs/import-thread/client";
import { inProcessQueue } from "@/lib/server/jobs/in-process";
import { generateEhrBundle } from "@/lib/synth/ehr/generate";
import { APP_JOBS } from "@/lib/server/jobs/handlers";
import { pgQueue } from "@/lib/server/jobs/pg-queue";
import { startWorker } from "@/lib/server/jobs/worker";
import { DATABASES, postgres, sqlite, target } from "./databases";

/** Small enough that one 15 MB record cannot be read under it; enough to load the importer. */
const CAP_MB = 96;

function writeJsonl(file: string, records: unknown[]) {
  fs.writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
}

/** patients.jsonl with one patient whose record is ~15 MB of events, instances.jsonl, and a small bundle. */
function bigImport() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-heap-cap-"));
  const { bundle } = generateEhrBundle({ seed: "heap-cap", size: "demo", patients: 3 });
  // One patient whose record is ~15 MB of events (under the 16 Mi-character line cap).
  const [first, ...others] = bundle.patients;
  const template = first!.events![0]!;
  const extra = Array.from({ length: 25_000 }, (_, i) => ({
    ...template,
    event_id: `${template.event_id}-x${i}`,
    text: "x".repeat(250),
  }));
  writeJsonl(path.join(dir, "patients.jsonl"), [{ ...first, events: [...first!.events!, ...extra] }, ...others]);
  writeJsonl(path.join(dir, "instances.jsonl"), bundle.instances);
  const small = path.join(dir, "small.json");
  fs.writeFileSync(small, JSON.stringify(generateEhrBundle({ seed: "heap-cap-small", size: "demo", patients: 2 }).bundle));
  const files = ["patients.jsonl", "instances.jsonl"].map((name) => ({ path: path.join(dir, name), name }));
  return { dir, files, small };
}

/** The refusal of an import over a cap of CAP_MB: located at the big file, one issue. */
const refused = {
  status: "invalid",
  total: 1,
  issues: [
    {
      file: "patients.jsonl",
      field: "(file)",
      code: expect.stringMatching(/^formats\.outOfMemory/),
      values: expect.objectContaining({ heapMb: String(CAP_MB) }),
      message: expect.stringMatching(`^the import needed more than ${CAP_MB} MB of memory`),
    },
  ],
};

async function nothingWritten(db: ReturnType<typeof createDb>) {
  expect([await db.dataset.count(), await db.patient.count(), await db.ehrEvent.count(), await db.auditEvent.count()]).toEqual([
    0, 0, 0, 0,
  ]);
}

describe("an import over the import thread's heap cap (SQLite)", () => {
  afterAll(() => sqlite.dropAll());

  it("fails with a located message, writes nothing, and the server keeps serving", async () => {
    const url = await sqlite.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const queue = inProcessQueue(cappedJobs(CAP_MB), db);
    const { dir, files, small } = bigImport();

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
      const id = await queue.enqueue("dataset-import", { actorId: null, files });
      let done = false;
      const outcome = queue.wait("dataset-import", id).finally(() => (done = true));
      const answered: number[] = [];
      while (!done) {
        const t0 = performance.now();
        await ask();
        answered.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await outcome).toEqual(refused);
      expect(importThreadsStarted()).toBeGreaterThan(startedBefore);
      // Answered throughout, each far sooner than the import took (bound loose for a loaded machine).
      expect(answered.length).toBeGreaterThan(0);
      expect(Math.max(...answered)).toBeLessThan(5_000);
      await nothingWritten(db);

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

describe.each(DATABASES)("`clinaudit import` over the cap (%s)", (database) => {
  afterAll(() => database.dropAll());

  it("is refused with the same located message, nothing written; under a larger cap it imports", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const { dir, files } = bigImport();
    // As an installed bin runs: from a folder that is not the checkout.
    const cli = (heapMb: number) =>
      spawnSync(process.execPath, [path.resolve("bin/clinaudit.mjs"), "import", ...files.map((f) => f.name)], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: url, CLINAUDIT_IMPORT_HEAP_MB: String(heapMb), NODE_OPTIONS: "" },
      });
    try {
      const over = cli(CAP_MB);
      expect(over.status, over.stderr).toBe(1);
      expect(over.stderr).toMatch(
        new RegExp(`^patients\\.jsonl: \\(file\\): the import needed more than ${CAP_MB} MB of memory \\(CLINAUDIT_IMPORT_HEAP_MB\\)`, "m"),
      );
      expect(over.stderr).toContain("Import rejected: 1 problem(s). Nothing was written.");
      await nothingWritten(db);
      const under = cli(1024);
      expect(under.status, under.stderr).toBe(0);
      expect(under.stdout).toMatch(/^Imported patients\.jsonl v1: 3 patients, /);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await db.$disconnect();
    }
  }, 180_000);
});

describe.runIf(postgres === DATABASES[1])("a job worker's import over the cap (PostgreSQL)", () => {
  afterAll(() => postgres.dropAll());

  it("fails with the located message, writes nothing, and the worker runs the next import", async () => {
    const url = await postgres.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const { dir, files, small } = bigImport();
    const app = pgQueue(url, APP_JOBS);
    const worker = await startWorker(url, { importHeapMb: CAP_MB, pollingIntervalSeconds: 0.5 });
    try {
      const id = await app.enqueue("dataset-import", { actorId: null, files });
      expect(await app.wait("dataset-import", id)).toEqual(refused);
      await nothingWritten(db);
      const next = await app.wait(
        "dataset-import",
        await app.enqueue("dataset-import", { actorId: null, files: [{ path: small, name: "small.json" }] }),
      );
      expect(next).toMatchObject({ status: "imported", counts: { patients: 2 } });
      expect(await db.dataset.count()).toBe(1);
    } finally {
      await worker?.stop();
      await app.stop();
      fs.rmSync(dir, { recursive: true, force: true });
      await db.$disconnect();
    }
  }, 180_000);
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

  // Started as an upload begins; an upload refused before its import must not leave it running.
  it("stops when no import takes it in time", async () => {
    const url = `file:${path.join(os.tmpdir(), "clinaudit-warm-idle.db")}`;
    warmImportThread(url, CAP_MB, { idleMs: 200 });
    expect(idleImportThreadId()).not.toBeNull();
    for (let i = 0; idleImportThreadId() !== null && i < 100; i++) await new Promise((r) => setTimeout(r, 100));
    expect(idleImportThreadId()).toBeNull();
  });
});
