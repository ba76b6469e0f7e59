import { describe, expect, it } from "vitest";
import { jobStages } from "./stages";
import { JobFailedError } from "./types";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("jobStages", () => {
  it("is done at once when the job finishes without a retry", async () => {
    expect(await jobStages(async () => 42)).toEqual({ kind: "done", value: 42 });
  });

  it("gives each retry as a stage of its own, then the outcome", async () => {
    const first = await jobStages(async ({ onRetry }) => {
      await tick();
      onRetry?.({ attempt: 2, attempts: 3, workerStopped: true });
      await tick();
      onRetry?.({ attempt: 3, attempts: 3, workerStopped: false });
      await tick();
      return "report";
    });
    expect(first).toMatchObject({ kind: "retry", retry: { attempt: 2, attempts: 3, workerStopped: true } });
    if (first.kind !== "retry") throw new Error("expected a retry");
    const second = await first.next;
    expect(second).toMatchObject({ kind: "retry", retry: { attempt: 3, workerStopped: false } });
    if (second.kind !== "retry") throw new Error("expected a retry");
    expect(await second.next).toEqual({ kind: "done", value: "report" });
  });

  it("a job whose worker stopped on every attempt is a stage, not an error", async () => {
    const first = await jobStages(async ({ onRetry }) => {
      await tick();
      onRetry?.({ attempt: 2, attempts: 2, workerStopped: true });
      await tick();
      throw new JobFailedError("evaluation-report", "j1", "job failed by timeout in active state", { attempts: 2 });
    });
    if (first.kind !== "retry") throw new Error("expected a retry");
    expect(await first.next).toEqual({ kind: "stopped", attempts: 2 });
  });

  it("any other failure rejects the stage it happens in", async () => {
    await expect(
      jobStages(async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await expect(
      jobStages(async () => {
        throw new JobFailedError("evaluation-report", "j1", "handler threw");
      }),
    ).rejects.toThrow("handler threw");
  });
});
