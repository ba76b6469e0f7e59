// SQLite: jobs run in the process that enqueues them, on the caller's own client. The upload
// route's import through the queue: progress and states reach the waiter, a second identical
// import finds the first, and files the worker cannot read are answered as located issues.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { jobsFor, runJob } from "@/lib/server/jobs";
import { datasetImportJob } from "@/lib/server/jobs/handlers";
import { generateEhrBundle } from "@/lib/synth/ehr/generate";
import { sqlite, target } from "./databases";

describe("job queue on SQLite (in-process)", () => {
  afterAll(() => sqlite.dropAll());

  it("imports through the queue with progress, once for the same files", async () => {
    const url = await sqlite.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    expect(jobsFor(db).mode).toBe("in-process");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-jobs-"));
    const file = path.join(dir, "ehr.json");
    fs.writeFileSync(file, JSON.stringify(generateEhrBundle({ seed: "jobs-sqlite", size: "demo", patients: 5 }).bundle));
    try {
      const phases = new Set<string>();
      const states: string[] = [];
      const input = { actorId: null, files: [{ path: file, name: "ehr.json" }] };
      const first = await runJob(db, datasetImportJob, input, {
        onState: (s) => states.push(s),
        onProgress: (e) => phases.add("phase" in (e as object) ? (e as { phase: string }).phase : "validating"),
      });
      expect(first.status).toBe("imported");
      expect(states).toContain("active");
      expect([...phases].sort()).toEqual(["validating", "writing"]);
      const again = await runJob(db, datasetImportJob, input);
      expect(again).toMatchObject({ status: "unchanged", datasetId: first.status === "imported" ? first.datasetId : "" });
      expect(await db.dataset.count()).toBe(1);

      const missing = await runJob(db, datasetImportJob, {
        actorId: null,
        files: [{ path: path.join(dir, "gone.json"), name: "gone.json" }],
      });
      expect(missing).toMatchObject({ status: "invalid", total: 1, issues: [{ file: "gone.json", field: "(file)" }] });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await db.$disconnect();
    }
  }, 120_000); // each import starts a thread (its modules load through tsx: seconds on a loaded machine)
});
