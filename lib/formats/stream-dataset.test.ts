// The two-pass streaming API (validateDatasetStream + streamDataset). Every parseOk /
// parseIssues call in the rule and round-trip suites already cross-checks it against
// parseDataset (see __fixtures__/helpers.ts); these add generated, multi-batch inputs of
// every layout and the behaviour that only streaming has.
import { describe, expect, test } from "vitest";
import { generateEhrBundle } from "../synth/ehr/generate";
import { generateNotesBundle } from "../synth/notes/generate";
import { asyncChunks, parseOk } from "./__fixtures__/helpers";
import { csvRow } from "./csv";
import { exportChatQaCsv } from "./export-notes";
import { exportedText } from "./export-shared";
import { validateDatasetStream, type ReopenableFile } from "./parse-dataset";
import { DatasetChangedError, streamDataset, type DatasetRecord } from "./stream-dataset";

const jsonl = (xs: unknown[]) => xs.map((x) => JSON.stringify(x)).join("\n") + "\n";
const reopenable = (files: Record<string, string>, size = 4096): ReopenableFile[] =>
  Object.entries(files).map(([name, text]) => ({ name, open: () => asyncChunks(text, size) }));

async function records(files: ReopenableFile[]): Promise<DatasetRecord[]> {
  const v = await validateDatasetStream(files);
  if (!v.ok) throw new Error(JSON.stringify(v.issues));
  const out: DatasetRecord[] = [];
  for await (const r of streamDataset(files, v.summary)) out.push(r);
  return out;
}

describe("generated datasets stream exactly like parseDataset reads them", () => {
  test("ehr-decision-mcq: JSON bundle (en, zh) and JSONL", async () => {
    for (const language of ["en", "zh"] as const) {
      const { bundle } = generateEhrBundle({ seed: "stream", size: "demo", language });
      await parseOk({ "ehr.json": JSON.stringify(bundle) }, 999);
    }
    const { bundle } = generateEhrBundle({ seed: "stream", size: "full", patients: 12 });
    const { stats } = await parseOk({ "patients.jsonl": jsonl(bundle.patients), "instances.jsonl": jsonl(bundle.instances) }, 4096);
    expect(stats.patients).toBe(12);
  });

  test("notes-chatqa: JSON bundle and release CSVs", async () => {
    const { bundle } = generateNotesBundle({ seed: "stream", size: "demo" });
    const parsed = await parseOk({ "notes.json": JSON.stringify(bundle) }, 999);
    const csv = Object.fromEntries(exportChatQaCsv(parsed.dataset).map((f) => [f.name, exportedText(f)]));
    expect((await parseOk(csv, 999)).stats).toMatchObject({ format: "ehrnote-chatqa-csv", patients: 12 });
  });
});

describe("record order", () => {
  test("a patient precedes its events, notes and items; positions follow the source", async () => {
    const { bundle } = generateEhrBundle({ seed: "order", size: "full", patients: 3 });
    const rs = await records(reopenable({ "patients.jsonl": jsonl(bundle.patients), "instances.jsonl": jsonl(bundle.instances) }));
    expect(rs.filter((r) => r.kind === "patient").map((r) => r.kind === "patient" && r.position)).toEqual([0, 1, 2]);
    const firstItem = rs.findIndex((r) => r.kind === "item");
    expect(rs.slice(firstItem).every((r) => r.kind === "item")).toBe(true);
    expect(rs.filter((r) => r.kind === "patient").every((r) => r.kind === "patient" && (r.patient.events?.length ?? 0) > 0)).toBe(true);
  });

  test("CSV conversations whose turns are interleaved come out complete, at their first-seen position", async () => {
    const notes =
      'subject_id,note_num,note_id,hadm_id,note_seq,chartdate,storetime,text\n900001,1,900001-DS-1,1,1,2150-03-02,,"Chief Complaint:\nfever"\n';
    const cols = [
      "subject_id",
      "qa_category",
      "turn_order",
      "turn_index",
      "turn_type",
      "question",
      "option_a",
      "option_b",
      "option_c",
      "option_d",
      "option_e",
      "correct_answer",
    ];
    const src = (h: string) => `Note #1 Chartdate: 2150-03-02 Headers: ${h}`;
    const turn = (cat: string, order: number, type: string) =>
      csvRow(
        [
          "900001",
          cat,
          String(order),
          "1",
          type,
          `${cat} ${type}?`,
          ...(type === "source"
            ? [src("Chief Complaint"), src("Brief Hospital Course"), src("Discharge Medications"), src("History"), src("Plan")]
            : ["a", "b", "c", "d", "e"]),
          "A",
        ].map(String),
      );
    const questions =
      cols.join(",") +
      "\n" +
      turn("micro", 1, "content") +
      turn("meds", 1, "content") +
      turn("micro", 2, "source") +
      turn("meds", 2, "source");
    const rs = await records(reopenable({ "notes.csv": notes, "questions.csv": questions }, 5));
    const items = rs.flatMap((r) =>
      r.kind === "item"
        ? [[r.position, r.item.kind === "conversation" && r.item.conversationId, r.item.kind === "conversation" && r.item.turns.length]]
        : [],
    );
    expect(items).toEqual([
      [0, "900001:micro", 2],
      [1, "900001:meds", 2],
    ]);
    await parseOk({ "notes.csv": notes, "questions.csv": questions }, 5); // and equal to parseDataset
  });
});

describe("JSON bundles are read record by record", () => {
  test("instances before patients: pass 2 still yields every patient first (the file is read twice)", async () => {
    const { bundle } = generateEhrBundle({ seed: "order", size: "full", patients: 3 });
    const { instances, patients, ...head } = bundle;
    const text = JSON.stringify({ ...head, instances, patients }, null, 1);
    const opens: string[] = [];
    const files = reopenable({ "ehr.json": text }, 777).map((f) => ({ name: f.name, open: () => (opens.push(f.name), f.open()) }));
    const rs = await records(files);
    const firstItem = rs.findIndex((r) => r.kind === "item");
    expect(rs.slice(0, firstItem).every((r) => r.kind === "patient")).toBe(true);
    expect(rs.slice(firstItem)).toHaveLength(instances.length);
    expect(opens).toHaveLength(3); // pass 1 once, pass 2 twice
    await parseOk({ "ehr.json": text }, 777);
  });

  test("a valid bundle is read once per pass; an invalid one once more to locate its issues", async () => {
    const { bundle } = generateEhrBundle({ seed: "opens", size: "full", patients: 2 });
    const count = async (text: string) => {
      let opens = 0;
      const v = await validateDatasetStream([{ name: "ehr.json", open: () => (opens++, asyncChunks(text, 4096)) }]);
      return { opens, issues: v.ok ? [] : v.issues };
    };
    expect((await count(JSON.stringify(bundle, null, 2))).opens).toBe(1);
    const broken = JSON.stringify(bundle, null, 2).replace(/"time": "2\d{3}-/, '"time": "x-');
    const { opens, issues } = await count(broken);
    expect(opens).toBe(2);
    expect(issues).toEqual([
      expect.objectContaining({ field: "patients[0].events[0].time", line: broken.split("\n").findIndex((l) => l.includes('"x-')) + 1 }),
    ]);
  });
});

describe("pass 2 refuses input that is not what pass 1 validated", () => {
  const { bundle } = generateEhrBundle({ seed: "changed", size: "full", patients: 4 });
  const original = { "patients.jsonl": jsonl(bundle.patients), "instances.jsonl": jsonl(bundle.instances) };

  async function streamChanged(changed: Record<string, string>) {
    const v = await validateDatasetStream(reopenable(original));
    if (!v.ok) throw new Error("fixture invalid");
    const out: DatasetRecord[] = [];
    for await (const r of streamDataset(reopenable(changed), v.summary)) out.push(r);
    return out;
  }

  test("fewer records than validated", async () => {
    const fewer = { ...original, "instances.jsonl": jsonl(bundle.instances.slice(1)) };
    await expect(streamChanged(fewer)).rejects.toThrow(DatasetChangedError);
  });

  test("a line that no longer parses", async () => {
    const broken = { ...original, "patients.jsonl": original["patients.jsonl"].replace("}\n", "\n") };
    await expect(streamChanged(broken)).rejects.toThrow(/patients\.jsonl changed after it was validated \(line 1\)/);
  });
});

test("each pass opens each file once", async () => {
  const { bundle } = generateEhrBundle({ seed: "opens", size: "full", patients: 2 });
  const opens: string[] = [];
  const files = reopenable({ "patients.jsonl": jsonl(bundle.patients), "instances.jsonl": jsonl(bundle.instances) }).map((f) => ({
    name: f.name,
    open: () => (opens.push(f.name), f.open()),
  }));
  await records(files);
  expect(opens.sort()).toEqual(["instances.jsonl", "instances.jsonl", "patients.jsonl", "patients.jsonl"]);
});
