import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatQaAnswersCsv, chatQaRelease } from "@/lib/evaluation/__fixtures__/benchmark-files";
import { generateEhrBundle } from "@/lib/synth/ehr/generate";
import { runEvaluate } from "./evaluate";
import { runGenerate } from "./generate";

const root = mkdtempSync(path.join(tmpdir(), "clinaudit-eval-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dataset = path.join(root, "bench.json");
const predictions = path.join(root, "out", "predictions.csv");

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s) } };
}

beforeAll(async () => {
  writeFileSync(dataset, JSON.stringify(generateEhrBundle({ seed: "cli-eval", size: "demo", patients: 6 }).bundle));
  const c = io();
  expect(await runGenerate(["--kind", "predictions", "--dataset", dataset, "--seed", "s1", "--out", path.join(root, "out")], c.io)).toBe(0);
  expect(c.out.join("")).toMatch(/Generated \d+ synthetic predictions \(seed "s1"\)/);
});

describe("clinaudit generate --kind predictions", () => {
  it("writes the same file for the same seed, with every model and scope", async () => {
    const first = readFileSync(predictions, "utf8");
    expect(
      await runGenerate(["--kind=predictions", "--dataset", dataset, "--seed", "s1", "--out", path.join(root, "again")], io().io),
    ).toBe(0);
    expect(readFileSync(path.join(root, "again", "predictions.csv"), "utf8")).toBe(first);
    expect(first.split("\n")[0]).toBe("model,scope,item_id,prediction");
    expect(
      new Set(
        first
          .trim()
          .split("\n")
          .slice(1)
          .map((l) => l.split(",")[1]),
      ),
    ).toEqual(new Set(["Evidence-only", "Visit-level", "History-level", "Static RAG", "Agent"]));
  });
});

describe("clinaudit evaluate", () => {
  it("prints the report in each format, the same bytes every run", async () => {
    const outputs: Record<string, string> = {};
    for (const format of ["json", "csv", "latex", "text"]) {
      const c = io();
      expect(await runEvaluate(["--dataset", dataset, "--predictions", predictions, "--b", "200", "--format", format], c.io)).toBe(0);
      expect(c.err).toEqual([]);
      outputs[format] = c.out.join("");
    }
    const report = JSON.parse(outputs.json!);
    expect(report.options).toEqual({ baseline: "Evidence-only", replicates: 200, level: 0.95, seed: null, engine: 2 });
    expect(report.accuracy).toHaveLength(15);
    expect(outputs.csv).toMatch(/^table,model,scope,group,statistic,value\n/);
    expect(outputs.latex).toContain("\\label{tab:clinaudit-eval-accuracy}");
    expect(outputs.text).toContain("baseline Evidence-only");
    const again = io();
    await runEvaluate(["--dataset", dataset, "--predictions", predictions, "--b=200"], again.io);
    expect(again.out.join("")).toBe(outputs.json);
  });

  it("takes the baseline, level and seed options", async () => {
    const c = io();
    expect(
      await runEvaluate(
        ["--dataset", dataset, "--predictions", predictions, "--b", "100", "--baseline", "Agent", "--level", "0.9", "--seed", "x"],
        c.io,
      ),
    ).toBe(0);
    const report = JSON.parse(c.out.join(""));
    expect(report.options).toEqual({ baseline: "Agent", replicates: 100, level: 0.9, seed: "x", engine: 2 });
    expect(report.deltas.every((d: { baseline: string }) => d.baseline === "Agent")).toBe(true);
  });

  it("--engine 1 reproduces a report made before engine 2 (per-pair seeds, spec v1); bad values are refused", async () => {
    const c = io();
    expect(await runEvaluate(["--dataset", dataset, "--predictions", predictions, "--b", "100", "--engine", "1"], c.io)).toBe(0);
    const report = JSON.parse(c.out.join(""));
    expect(report.options).toEqual({ baseline: "Evidence-only", replicates: 100, level: 0.95, seed: null });
    expect(report.method.prng).toMatch(/v1/);
    expect(report.method.seeds[0].seed).toMatch(/^clinaudit-eval\/v1 /);
    const bad = io();
    expect(await runEvaluate(["--dataset", dataset, "--predictions", predictions, "--engine", "3"], bad.io)).toBe(2);
  });

  it("reports located problems and exits 2 with nothing on stdout", async () => {
    const bad = path.join(root, "bad.csv");
    writeFileSync(bad, "model,scope,item_id,prediction\nm,s,NOPE,A\n");
    const c = io();
    expect(await runEvaluate(["--dataset", dataset, "--predictions", bad], c.io)).toBe(2);
    expect(c.out).toEqual([]);
    expect(c.err.join("")).toContain('bad.csv:2: item_id: unknown item "NOPE": not in this dataset');
    for (const argv of [
      [],
      ["--dataset", dataset],
      ["--dataset", dataset, "--predictions", predictions, "--format", "pdf"],
      ["--wat"],
      ["--dataset", dataset, "--predictions", predictions, "--b", "1e3"],
    ]) {
      const u = io();
      expect(await runEvaluate(argv, u.io)).toBe(2);
      expect(u.err.join("")).toMatch(/clinaudit evaluate: .*\n\nUsage:/);
    }
    const opt = io();
    expect(await runEvaluate(["--dataset", dataset, "--predictions", predictions, "--baseline", "Nope"], opt.io)).toBe(2);
    expect(opt.err.join("")).toMatch(/baseline "Nope" is not a scope/);
  });
});

describe("clinaudit evaluate on the benchmarks' own reply files", () => {
  it("scores answers_<model>.csv, lists the unparseable replies, and takes --model / --scope", async () => {
    const dir = path.join(root, "chatqa");
    mkdirSync(dir, { recursive: true });
    const release = chatQaRelease();
    for (const [name, text] of Object.entries(release)) writeFileSync(path.join(dir, name), text);
    const answers = path.join(dir, "answers_gemini-2.5-flash.csv");
    writeFileSync(answers, chatQaAnswersCsv());
    const files = ["--dataset", path.join(dir, "notes.csv"), path.join(dir, "questions.csv"), "--predictions", answers, "--b", "100"];
    const json = io();
    expect(await runEvaluate(files, json.io)).toBe(0);
    const report = JSON.parse(json.out.join(""));
    expect(report.predictions.models).toEqual(["gemini-2.5-flash"]);
    expect(report.replies.entries[0]).toMatchObject({ rule: "gemini", replies: 16 });
    const text = io();
    expect(await runEvaluate([...files, "--format", "text", "--model", "my-model", "--scope", "full"], text.io)).toBe(0);
    expect(text.out.join("")).toMatch(
      /Raw replies \(ehrnote-chatqa-answers\): unparseable ones are scored wrong\n.*\nmy-model\s+full\s+gemini\s+16\s+\d+\s+910001:medication turn 4/,
    );
    const csv = io();
    expect(await runEvaluate([...files, "--format", "csv"], csv.io)).toBe(0);
    expect(csv.out.join("")).toContain("\nunparseable,gemini-2.5-flash,all notes,910001:medication,turn,4\n");
  });
});
