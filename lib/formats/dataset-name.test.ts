import { describe, expect, it } from "vitest";
import { datasetNameSchema, nameInBundleHead, suggestDatasetName } from "./dataset-name";

describe("suggestDatasetName", () => {
  it("never names a dataset after a layout's file (the old 'patients.jsonl v1')", () => {
    expect(suggestDatasetName([{ name: "patients.jsonl" }, { name: "instances.jsonl" }])).toBe("");
    expect(suggestDatasetName([{ name: "notes.csv" }, { name: "questions.csv" }])).toBe("");
    expect(suggestDatasetName([{ name: "Observation.ndjson.gz" }, { name: "instances.jsonl" }])).toBe("Observation");
  });

  it("takes the benchmark's own name first, then the folder", () => {
    const files = [{ name: "patients.jsonl", relativePath: "pregbench-2031/patients.jsonl" }];
    expect(suggestDatasetName(files, "synthetic-obgyn-demo")).toBe("synthetic-obgyn-demo");
    expect(suggestDatasetName(files)).toBe("pregbench-2031");
  });

  it("keeps what the file names share without their generic words", () => {
    expect(suggestDatasetName([{ name: "pregbench_patients.jsonl" }, { name: "pregbench_instances.jsonl" }])).toBe("pregbench");
    expect(suggestDatasetName([{ name: "EHRNoteQA.jsonl" }])).toBe("EHRNoteQA");
    expect(suggestDatasetName([{ name: "obgyn-v2.json" }])).toBe("obgyn-v2");
  });

  it("gives a one-line name within the limit", () => {
    expect(suggestDatasetName([], "a\nb\u0007c")).toBe("a b c");
    expect(suggestDatasetName([], "x".repeat(300))).toHaveLength(160);
  });
});

describe("nameInBundleHead", () => {
  it("reads dataset.name from the first bytes of a bundle", () => {
    const head = '{\n "format": "ehr-decision-mcq",\n "dataset": {"name": "Obst\\u00e9trique 2031", "language": "fr"},\n "patients": [';
    expect(nameInBundleHead(head)).toBe("Obstétrique 2031");
    expect(nameInBundleHead('{"patients": [{"name": "x"}]}')).toBeUndefined();
    expect(nameInBundleHead('{"dataset": {"name": "unterminated')).toBeUndefined();
  });
});

describe("datasetNameSchema", () => {
  it("refuses a blank, a long or a multi-line name with catalog keys", () => {
    expect(datasetNameSchema.safeParse("  ").error?.issues[0]?.message).toBe("datasets.upload.errors.nameRequired");
    expect(datasetNameSchema.safeParse("x".repeat(161)).error?.issues[0]?.message).toBe("datasets.upload.errors.badName");
    expect(datasetNameSchema.safeParse("a\nb").success).toBe(false);
    expect(datasetNameSchema.parse("  PregBench ")).toBe("PregBench");
  });
});
