// The latent-class interval's background work is sized for a full review: while ratings are still
// arriving a newer request waits for them to be still instead of starting 10,000 refits it would
// throw away at the next change; the thread stops when idle (its heap, a full snapshot at full
// size, goes back to the system) or when it only waits for quiet (the web process holds the jobs
// and asks a thread again once they may start) and, capped like the report thread, restarts with more heap and
// is asked again when it runs out. Requests here name inputs no snapshot has, so each job reads
// the audit, finds its inputs stale and stops: the scheduling is tested, not the 10,000 refits.
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import type { ShownReport } from "@/lib/reports/types";
import { dashboardLatentClass } from "@/lib/server/reports/dashboard-latent";
import {
  enableLatentIntervals,
  latentIntervalCounts,
  latentIntervalStatus,
  latentIntervalThread,
  restartLatentIntervals,
  startLatentIntervals,
  stopLatentIntervals,
} from "@/lib/server/reports/latent-interval/client";
import { type IntervalProgress, IntervalRunner, type WaitingJob } from "@/lib/server/reports/latent-interval/runner";
import { databaseStore } from "@/lib/server/reports/latent-interval/store";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { DATABASES } from "./databases";
import { demoWorld } from "./demo-world";

/** A report whose gold interval is missing for `inputs` (what the dashboard hands the client). */
const reportAsking = (inputs: string) =>
  ({
    dimensions: [{ key: "gold", latentClass: { converged: true, errorRate: { interval: null, intervalInputs: inputs } } }],
  }) as unknown as ShownReport;

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 60_000) {
  for (const end = Date.now() + ms; !(await check()); ) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(DATABASES)("the latent-interval work on $name", (database) => {
  let db: Db;
  let auditId: string;
  let url: string;

  afterAll(async () => {
    enableLatentIntervals(false);
    await restartLatentIntervals();
    await db?.$disconnect();
    await database.dropAll();
  });

  it("waits for the ratings to be still before a superseding computation starts", async () => {
    url = await database.create();
    db = await demoWorld(database, url);
    auditId = (await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } })).id;
    const quietMs = 1500;
    const waited: WaitingJob[][] = [];
    const runner = new IntervalRunner({ quietMs, onWaiting: (jobs) => waited.push(jobs) });
    const ask = (inputs: string) => runner.request(databaseStore(db), url, auditId, [{ dimension: "gold", inputs }]);

    // The first request for the dimension starts at once.
    ask("a");
    await runner.settled();
    expect(runner.counts).toMatchObject({ stale: 1, superseded: 0, read: 1 });

    // Newer inputs within the quiet time wait; newer still supersede them and wait again.
    const asked = performance.now();
    ask("b");
    const [waiting] = runner.status(url, auditId);
    expect(waiting).toMatchObject({ inputs: "b", done: 0 });
    expect(waiting!.quietInMs).toBeGreaterThan(quietMs - 200);
    // Nothing may start: the runner says what waits, and for how long.
    await until(() => waited.length > 0, "the runner to say it waits");
    expect(waited.at(-1)).toMatchObject([{ scope: url, auditId, dimension: "gold", inputs: "b" }]);
    expect(waited.at(-1)![0]!.inMs).toBeGreaterThan(quietMs - 200);
    await new Promise((resolve) => setTimeout(resolve, quietMs / 2));
    const last = performance.now();
    ask("c");
    expect(runner.status(url, auditId).map((p) => p.inputs)).toEqual(["c"]);
    // Asked again while it waits, it says again what waits: "c", not the superseded "b".
    await until(() => waited.at(-1)?.[0]?.inputs === "c", "the runner to say what waits now");
    expect(waited.at(-1)).toHaveLength(1);
    await runner.settled();
    // "c" started only once its inputs had been still for the quiet time; "b" never ran.
    expect(runner.counts).toMatchObject({ stale: 2, superseded: 1, read: 2 });
    expect(performance.now() - last).toBeGreaterThanOrEqual(quietMs - 5);
    expect(performance.now() - asked).toBeGreaterThanOrEqual(quietMs * 1.5 - 5);

    // Once still for the quiet time, a change starts at once again.
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const t = performance.now();
    ask("d");
    await runner.settled();
    expect(performance.now() - t).toBeLessThan(quietMs);
    expect(runner.counts).toMatchObject({ stale: 3, superseded: 1 });
  }, 60_000);

  it("says when an audit's status changes: queued, started, ended", async () => {
    const told: IntervalProgress[][] = [];
    const runner: IntervalRunner = new IntervalRunner({ onStatus: (scope, id) => told.push(runner.status(scope, id)) });
    runner.request(databaseStore(db), url, auditId, [{ dimension: "gold", inputs: "s" }]);
    await runner.settled();
    expect(told[0]).toMatchObject([{ dimension: "gold", inputs: "s", done: 0 }]);
    expect(told.length).toBeGreaterThanOrEqual(3);
    expect(told.at(-1)).toEqual([]);
  });

  it("stops the thread once idle, and starts another when asked", async () => {
    enableLatentIntervals(true, { idleExitMs: 300 });
    const before = latentIntervalThread().started;
    startLatentIntervals(db, auditId, reportAsking("x"));
    expect(latentIntervalThread().running).toBe(true);
    // A thread still loading its modules (seconds) has said nothing yet: the card says the
    // interval is being computed (the dashboard reads what the thread said, never waits for it).
    const seen = dashboardLatentClass(db, { role: "ORGANIZER" } as never, auditId, reportAsking("x"));
    expect(seen).toMatchObject({ remainingMs: { gold: null }, waiting: [] });
    // While it waits for quiet it is not idle: asked for other inputs at once, it holds them.
    await until(async () => (await latentIntervalCounts(db)).stale === 1, "the first job");
    await until(() => !latentIntervalThread().running, "the idle thread to stop", 10_000);
    expect(latentIntervalStatus(db, auditId)).toEqual([]);
    startLatentIntervals(db, auditId, reportAsking("y"));
    expect(latentIntervalThread()).toMatchObject({ running: true, started: before + 2 });
    await until(async () => (await latentIntervalCounts(db)).stale === 1, "the second thread's job");
    await stopLatentIntervals();
  }, 120_000);

  it("stops a thread that only waits for quiet, holds its jobs, and asks a thread again once still", async () => {
    const quietMs = 5000;
    enableLatentIntervals(true, { quietMs, idleExitMs: 60_000, waitStopMs: 1000 });
    const before = latentIntervalThread().started;
    const organizer = { role: "ORGANIZER" } as never;
    startLatentIntervals(db, auditId, reportAsking("p"));
    await until(async () => (await latentIntervalCounts(db)).stale === 1, "the first job");
    // Newer inputs within the quiet time: the thread would only wait, so it is stopped.
    startLatentIntervals(db, auditId, reportAsking("q"));
    await until(() => !latentIntervalThread().running, "the waiting thread to stop", 10_000);
    // The job is held here: the dashboard card says it waits, and asking again starts no thread.
    const [waiting] = latentIntervalStatus(db, auditId);
    expect(waiting).toMatchObject({ dimension: "gold", inputs: "q", done: 0 });
    expect(waiting!.quietInMs).toBeGreaterThan(0);
    expect(dashboardLatentClass(db, organizer, auditId, reportAsking("q"))).toMatchObject({ waiting: ["gold"] });
    startLatentIntervals(db, auditId, reportAsking("q"));
    expect(latentIntervalThread()).toMatchObject({ running: false, started: before + 1 });
    // Newer still: it waits the whole quiet time again, from now.
    const last = performance.now();
    startLatentIntervals(db, auditId, reportAsking("r"));
    expect(latentIntervalStatus(db, auditId).map((p) => p.inputs)).toEqual(["r"]);
    expect(latentIntervalStatus(db, auditId)[0]!.quietInMs).toBeGreaterThan(quietMs - 500);
    // Once still, a thread is started and computes it (here: finds its inputs stale).
    await until(() => latentIntervalThread().running, "a thread asked again", 15_000);
    expect(performance.now() - last).toBeGreaterThanOrEqual(quietMs - 5);
    expect(latentIntervalThread().started).toBe(before + 2);
    await until(async () => (await latentIntervalCounts(db)).stale === 1, "the held job");
    await until(() => latentIntervalStatus(db, auditId).length === 0, "the status to clear");
    await stopLatentIntervals();
  }, 120_000);

  it("restarts with twice the heap when it runs out, and is asked again", async () => {
    enableLatentIntervals(true);
    // 4 MB: too little for the thread's modules (16 was enough once it had no database client).
    await restartLatentIntervals(4);
    const before = latentIntervalThread().started;
    startLatentIntervals(db, auditId, reportAsking("z"));
    // The job is done by a thread with more room than the first had.
    await until(
      async () => latentIntervalThread().running && (await latentIntervalCounts(db).catch(() => ({ stale: 0 }))).stale === 1,
      "the job",
      150_000, // a thread that runs out and restarts, on a busy machine (60 s timed out at load ~12)
    );
    expect(latentIntervalThread().heapMb).toBeGreaterThan(4);
    expect(latentIntervalThread().started - before).toBeGreaterThan(1);
  }, 180_000);
});
