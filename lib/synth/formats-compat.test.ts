// Integration check: what the generator writes must be importable by lib/formats, exactly
// as the app's first start and the `generate` command will use it.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runGenerate } from "@/bin/commands/generate";
import { parseDataset } from "@/lib/formats";
import { generateEhrBundle } from "./ehr/generate";
import { generateNotesBundle } from "./notes/generate";

const dir = mkdtempSync(path.join(tmpdir(), "synth-compat-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function parse(files: { name: string; chunks: string }[]) {
  const r = await parseDataset(files);
  return r.ok ? { ok: true as const, stats: r.stats } : { ok: false as const, issues: r.issues.slice(0, 3) };
}

describe("generated data imports cleanly with lib/formats", () => {
  it("ehr-decision-mcq as a JSON bundle (en, zh) and as JSONL", async () => {
    for (const language of ["en", "zh"] as const) {
      const { bundle } = generateEhrBundle({ seed: "compat", size: "demo", language });
      const r = await parse([{ name: "ehr-decision-mcq.json", chunks: JSON.stringify(bundle) }]);
      expect(r).toMatchObject({ ok: true, stats: { patients: 24, items: 36 } });
    }
    const { bundle } = generateEhrBundle({ seed: "compat", size: "full", patients: 30 });
    const r = await parse([
      { name: "patients.jsonl", chunks: bundle.patients.map((p) => JSON.stringify(p)).join("\n") + "\n" },
      { name: "instances.jsonl", chunks: bundle.instances.map((i) => JSON.stringify(i)).join("\n") + "\n" },
    ]);
    expect(r).toMatchObject({ ok: true, stats: { patients: 30 } });
  });

  it("notes-chatqa as a JSON bundle and as the release CSV tables", async () => {
    const { bundle } = generateNotesBundle({ seed: "compat", size: "demo" });
    expect(await parse([{ name: "notes-chatqa.json", chunks: JSON.stringify(bundle) }])).toMatchObject({
      ok: true,
      stats: { patients: 12 },
    });
    const quiet = { stdout: () => {}, stderr: () => {} };
    expect(await runGenerate(["--kind", "notes", "--csv", "--seed", "compat", "--out", dir], quiet)).toBe(0);
    const files = ["notes.csv", "questions.csv"].map((name) => ({ name, chunks: readFileSync(path.join(dir, name), "utf8") }));
    expect(await parse(files)).toMatchObject({ ok: true, stats: { patients: 12 } });
  });
});
