import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { generateEhr } from "@/lib/synth/ehr/generate";
import { fhirBundleText, fhirNdjsonTexts } from "@/lib/synth/fhir/files";
import { runGenerate } from "./generate";

const root = mkdtempSync(path.join(tmpdir(), "clinaudit-gen-fhir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const quiet = { stdout: () => undefined, stderr: (s: string) => process.stderr.write(s) };

it("--format fhir streams the same NDJSON files as the in-memory writer; fhir-bundle one collection Bundle", async () => {
  const args = ["--kind", "ehr", "--seed", "cli-fhir", "--patients", "3"];
  const ndjson = path.join(root, "ndjson");
  expect(await runGenerate([...args, "--format", "fhir", "--out", ndjson], quiet)).toBe(0);
  const expected = fhirNdjsonTexts(generateEhr({ seed: "cli-fhir", size: "demo", patients: 3 }));
  expect(readdirSync(ndjson).sort()).toEqual([...Object.keys(expected), "flaws.json"].sort());
  for (const [name, text] of Object.entries(expected)) expect(readFileSync(path.join(ndjson, name), "utf8")).toBe(text);

  const bundle = path.join(root, "bundle");
  expect(await runGenerate([...args, "--format", "fhir-bundle", "--out", bundle], quiet)).toBe(0);
  const written = JSON.parse(readFileSync(path.join(bundle, "fhir-bundle.json"), "utf8"));
  expect(written).toEqual(JSON.parse(fhirBundleText(generateEhr({ seed: "cli-fhir", size: "demo", patients: 3 }))));
  expect(
    await runGenerate([...args, "--format", "fhir", "--jsonl", "--out", bundle], { stdout: () => undefined, stderr: () => undefined }),
  ).toBe(2);
});
