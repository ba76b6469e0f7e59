// Issue 31, finding 10 for evaluations: on PostgreSQL the report is a job, and a job whose worker
// died is queued again. The results page streams evaluationStages: a notice at each retry, then
// the report, or a sentence (not an error page) when every attempt's worker stopped.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { JobFailedError, type WaitOptions } from "../jobs/types";
import { evaluationStages } from "./report";

type RunJob = (db: Db, kind: string, input: unknown, options?: WaitOptions) => Promise<unknown>;
const jobs = vi.hoisted(() => ({ run: (async () => undefined) as RunJob, kinds: [] as string[] }));
vi.mock("../jobs", () => ({
  runJob: (db: Db, job: { kind: string }, input: unknown, options?: WaitOptions) => {
    jobs.kinds.push(job.kind);
    return jobs.run(db, job.kind, input, options);
  },
}));

/** A prediction set of one scope whose report is not stored yet; the job stores `{}`. */
const db = {
  predictionSet: { findUnique: async () => ({ datasetId: "d1", scopes: ["note"] }) },
  evaluationReport: { findUnique: async () => null, findUniqueOrThrow: async () => ({ json: "{}" }) },
} as unknown as Db;

describe("evaluationStages", () => {
  beforeEach(() => {
    jobs.kinds = [];
  });

  it("a run whose worker stopped is a retry stage with the attempt, then the report", async () => {
    jobs.run = async (_db, _kind, _input, options) => {
      options?.onRetry?.({ attempt: 2, attempts: 3, workerStopped: true });
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { computeMs: 12, cached: false };
    };
    const first = await evaluationStages(db, "s1", { baseline: "note", replicates: 1000 });
    expect(first).toMatchObject({ kind: "retry", retry: { attempt: 2, attempts: 3, workerStopped: true } });
    if (first.kind !== "retry") throw new Error("expected a retry");
    expect(await first.next).toEqual({ kind: "done", value: { report: {}, json: "{}", computeMs: 12, cached: false } });
    expect(jobs.kinds).toEqual(["evaluation-report"]);
  });

  it("every attempt's worker stopped: a stopped stage, not a thrown error", async () => {
    jobs.run = async () => {
      throw new JobFailedError("evaluation-report", "j1", "job failed by timeout in active state", { attempts: 3 });
    };
    expect(await evaluationStages(db, "s1", { baseline: "note", replicates: 1000 })).toEqual({ kind: "stopped", attempts: 3 });
  });
});
