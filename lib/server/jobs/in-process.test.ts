import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { inProcessQueue } from "./in-process";
import { JobFailedError, type JobRegistry } from "./types";

/** The handlers here touch no database. */
const db = {} as Db;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("in-process job queue (SQLite)", () => {
  it("runs jobs of one kind one at a time, in order, with progress and states to the waiter", async () => {
    const log: string[] = [];
    const registry: JobRegistry = {
      work: {
        expireInSeconds: 60,
        retryLimit: 0,
        handler: async (input: { n: number }, { progress }) => {
          log.push(`start ${input.n}`);
          progress({ n: input.n, half: true });
          await sleep(20);
          log.push(`end ${input.n}`);
          return { doubled: input.n * 2 };
        },
      },
    };
    const queue = inProcessQueue(registry, db);
    const ids = [await queue.enqueue("work", { n: 1 }), await queue.enqueue("work", { n: 2 })];
    const states: string[] = [];
    const progress: unknown[] = [];
    const second = queue.wait("work", ids[1]!, { onState: (s) => states.push(s), onProgress: (e) => progress.push(e) });
    expect(await queue.wait("work", ids[0]!)).toEqual({ doubled: 2 });
    expect(await second).toEqual({ doubled: 4 });
    expect(log).toEqual(["start 1", "end 1", "start 2", "end 2"]);
    expect(states).toEqual(["queued", "active"]);
    expect(progress).toEqual([{ n: 2, half: true }]);
  });

  it("a failing job rejects its waiter with JobFailedError and does not stop the next", async () => {
    const queue = inProcessQueue(
      {
        flaky: {
          expireInSeconds: 60,
          retryLimit: 0,
          handler: async (input: { fail: boolean }) => {
            if (input.fail) throw new Error("boom");
            return { ok: true };
          },
        },
      },
      db,
    );
    const bad = await queue.enqueue("flaky", { fail: true });
    const good = await queue.enqueue("flaky", { fail: false });
    await expect(queue.wait("flaky", bad)).rejects.toThrow(JobFailedError);
    await expect(queue.wait("flaky", bad)).rejects.toThrow(/boom/);
    expect(await queue.wait("flaky", good)).toEqual({ ok: true });
  });

  it("refuses an unknown kind", async () => {
    await expect(inProcessQueue({}, db).enqueue("nope", {})).rejects.toThrow(/no job handler/);
  });
});
