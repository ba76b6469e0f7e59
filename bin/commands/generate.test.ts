import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateEhrBundle } from "@/lib/synth/ehr/generate";
import { generateNotesBundle } from "@/lib/synth/notes/generate";
import { runGenerate } from "./generate";

const root = mkdtempSync(path.join(tmpdir(), "clinaudit-gen-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (s: string) => out.push(s), stderr: (s: string) => err.push(s) } };
}

describe("clinaudit generate", () => {
  it("streams a demo ehr bundle byte-identical to the in-memory bundle, plus the flaw manifest", async () => {
    const dir = path.join(root, "ehr");
    const c = io();
    expect(await runGenerate(["--kind", "ehr", "--size", "demo", "--seed", "cli", "--out", dir], c.io)).toBe(0);
    const expected = generateEhrBundle({ seed: "cli", size: "demo" });
    expect(readFileSync(path.join(dir, "ehr-decision-mcq.json"), "utf8")).toBe(JSON.stringify(expected.bundle));
    expect(JSON.parse(readFileSync(path.join(dir, "flaws.json"), "utf8"))).toEqual(expected.flaws);
    const text = c.out.join("");
    expect(text).toMatch(/patients: 24/);
    expect(text).toMatch(/instances: 36/);
    expect(text).toMatch(/avgPreDecisionTokens: \d+/);
    expect(text).toMatch(/time: [\d.]+ s/);
  });

  it("writes patients.jsonl and instances.jsonl with --jsonl (zh)", async () => {
    const dir = path.join(root, "ehr-jsonl");
    expect(await runGenerate(["--out", dir, "--jsonl", "--language=zh", "--seed", "7", "--patients", "5"], io().io)).toBe(0);
    const patients = readFileSync(path.join(dir, "patients.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const instances = readFileSync(path.join(dir, "instances.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(patients).toHaveLength(5);
    expect(instances.length).toBeGreaterThanOrEqual(5);
    expect(instances.every((i) => patients.some((p) => p.patient_id === i.patient_id))).toBe(true);
    expect(JSON.stringify(patients[0])).toMatch(/[\u4e00-\u9fff]/);
  });

  it("writes notes as a bundle and as the release's CSV tables", async () => {
    const a = path.join(root, "notes");
    expect(await runGenerate(["--kind", "notes", "--seed", "n", "--out", a], io().io)).toBe(0);
    expect(readFileSync(path.join(a, "notes-chatqa.json"), "utf8")).toBe(
      JSON.stringify(generateNotesBundle({ seed: "n", size: "demo" }).bundle),
    );
    const c = path.join(root, "notes-csv");
    expect(await runGenerate(["--kind", "notes", "--seed", "n", "--csv", "--out", c], io().io)).toBe(0);
    const q = readFileSync(path.join(c, "questions.csv"), "utf8");
    expect(q.split("\n")[0]).toBe(
      "subject_id,qa_category,turn_order,turn_index,turn_type,question,option_a,option_b,option_c,option_d,option_e,correct_answer",
    );
    expect(q).toContain(",source,");
    expect(readFileSync(path.join(c, "notes.csv"), "utf8")).toContain('"Name:  ___');
  });

  it("rejects bad arguments with exit code 2 and prints usage on --help", async () => {
    for (const argv of [
      [],
      ["--out"],
      ["--out", "x", "--kind", "bogus"],
      ["--out", "x", "--size", "huge"],
      ["--out", "x", "--wat"],
      ["--out", "x", "--kind", "notes", "--language", "zh"],
      ["--out", "x", "--flaw-rate", "2"],
      ["--out", "x", "--kind", "notes", "--jsonl"],
      ["--out", "x", "--csv"],
    ]) {
      const c = io();
      expect(await runGenerate(argv, c.io), argv.join(" ")).toBe(2);
      expect(c.err.join("")).toMatch(/Usage: clinaudit generate/);
    }
    const h = io();
    expect(await runGenerate(["--help"], h.io)).toBe(0);
    expect(h.out.join("")).toMatch(/--kind ehr\|notes/);
  });
});
