// The interval tasks as another thread receives them: without the per-item fit, the same inputs
// and the same bootstrap as the whole task.
import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { bootstrapMeanPosterior } from "../agreement/latent-class";
import { randomAudit } from "./package/package-harness";
import { latentIntervalTasks, slimTasks } from "./latent-class";

describe("slimTasks", () => {
  const tasks = latentIntervalTasks(randomAudit(11, 150, 3));

  it("leaves out the per-item fit, and keeps what the bootstrap reads", () => {
    const slim = slimTasks(tasks);
    expect(slim.length).toBeGreaterThan(0);
    for (const [i, task] of slim.entries()) {
      expect(Object.keys(task.model).sort()).toEqual(["patterns", "raw", "weights"]);
      expect(task).toMatchObject({
        dimension: tasks[i]!.dimension,
        inputs: tasks[i]!.inputs,
        e: tasks[i]!.e,
        settings: tasks[i]!.settings,
      });
    }
    expect(v8.serialize(slim).length).toBeLessThan(v8.serialize(tasks).length / 2);
  });

  it("gives the whole task's interval, replicate for replicate, after a structured clone", () => {
    const settings = (t: (typeof tasks)[number]) => ({ ...t.settings, replicates: 200 });
    for (const [i, sent] of (v8.deserialize(v8.serialize(slimTasks(tasks))) as typeof tasks).entries()) {
      const whole = tasks[i]!;
      expect(bootstrapMeanPosterior(sent.model, sent.e, settings(sent))).toEqual(
        bootstrapMeanPosterior(whole.model, whole.e, settings(whole)),
      );
    }
  });
});
