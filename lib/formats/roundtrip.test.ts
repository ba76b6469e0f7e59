// Happy paths on the reference examples and export → parse round trips.
import { describe, expect, test } from "vitest";
import { fixture, parseOk } from "./__fixtures__/helpers";
import { exportEhrJsonBundle, exportEhrJsonl } from "./export-ehr";
import { exportChatQaCsv, exportNotesJsonBundle } from "./export-notes";
import { exportedText, type ExportedFile } from "./export-shared";
import type { Conversation, NormalizedDataset } from "./model";
import { parseDataset } from "./parse-dataset";

const asTexts = (files: ExportedFile[]) => Object.fromEntries(files.map((f) => [f.name, exportedText(f)]));
const EHR = fixture("ehr-decision-mcq.example.json");
const NOTES = fixture("notes-chatqa.example.json");

describe("ehr-decision-mcq", () => {
  test("example bundle → normalized", async () => {
    const { dataset, stats } = await parseOk({ "ehr-decision-mcq.example.json": EHR });
    expect(stats).toMatchObject({ format: "ehr-decision-mcq-json", patients: 1, events: 3, items: 1 });
    expect(dataset.meta).toEqual({ name: "synthetic-obgyn-demo", language: "en", synthetic: true });
    const item = dataset.items[0];
    expect(item).toMatchObject({ kind: "mcq", instanceId: "SYN-ICP-0001", pregnancyId: "SYN-P0001-G2", evidenceText: null, answer: "B" });
    expect(dataset.patients[0]?.events?.[0]?.items).toHaveLength(2);
  });

  test("bundle → export → parse is deep-equal, and the exported JSON equals the original", async () => {
    const first = (await parseOk({ "a.json": EHR })).dataset;
    const out = exportedText(exportEhrJsonBundle(first));
    expect(JSON.parse(out)).toEqual(JSON.parse(EHR));
    expect((await parseOk({ "b.json": out }, 3)).dataset).toStrictEqual(first);
  });

  test("bundle → JSONL pair → parse keeps patients and items; JSONL re-export is identical", async () => {
    const first = (await parseOk({ "a.json": EHR })).dataset;
    const texts = asTexts(exportEhrJsonl(first));
    const second = (await parseOk(texts, 5)).dataset;
    const { formatVersion: _v, ...rest } = first;
    expect(second).toStrictEqual({ ...rest, format: "ehr-decision-mcq-jsonl", meta: {} });
    expect(asTexts(exportEhrJsonl(second))).toEqual(texts);
  });

  test("unknown keys survive as extras", async () => {
    const raw = JSON.parse(EHR);
    raw.release_notes = "v1";
    raw.patients[0].site = "A";
    raw.patients[0].events[1].specimen = { type: "serum" };
    raw.instances[0].options[0].rationale = "why";
    const text = JSON.stringify(raw);
    const ds = (await parseOk({ "a.json": text })).dataset;
    expect(ds.extra).toEqual({ release_notes: "v1" });
    expect(ds.patients[0]?.extra).toEqual({ site: "A" });
    expect(JSON.parse(exportedText(exportEhrJsonBundle(ds)))).toEqual(raw);
  });
});

describe("notes-chatqa and EHRNote-ChatQA CSV", () => {
  test("example bundle → normalized, gold sources parsed from the option text", async () => {
    const { dataset, stats } = await parseOk({ "notes-chatqa.example.json": NOTES });
    expect(stats).toMatchObject({ format: "notes-chatqa-json", patients: 1, notes: 1, items: 1, turns: 2 });
    const conv = dataset.items[0] as Conversation;
    expect(conv.conversationId).toBe("900001:microbiology");
    expect(conv.turns[1]).toMatchObject({
      turnType: "source",
      answer: "B",
      goldSources: [{ noteNum: 1, headers: ["Brief Hospital Course"] }],
    });
    expect(dataset.patients[0]?.notes?.[0]?.sections[1]).toEqual({
      title: "Brief Hospital Course",
      rawTitle: "Brief Hospital Course:",
      start: 75,
      end: 160,
    });
  });

  test("bundle → export → parse is deep-equal, and the exported JSON equals the original", async () => {
    const first = (await parseOk({ "a.json": NOTES })).dataset;
    const out = exportedText(exportNotesJsonBundle(first));
    expect(JSON.parse(out)).toEqual(JSON.parse(NOTES));
    expect((await parseOk({ "b.json": out }, 2)).dataset).toStrictEqual(first);
  });

  test("CSV export → parse round-trips text with commas, quotes and newlines", async () => {
    const base = (await parseOk({ "a.json": NOTES })).dataset;
    const tricky = 'Chief Complaint:\r\nfever, "rigors"\n\nBrief Hospital Course:\nGiven ""x"", then y,\nz';
    const note = { ...base.patients[0]!.notes![0]!, text: tricky };
    const ds: NormalizedDataset = { ...base, patients: [{ ...base.patients[0]!, notes: [note] }] };
    const texts = asTexts(exportChatQaCsv(ds));
    expect(texts["notes.csv"]?.split("\n")[0]).toBe("subject_id,note_num,note_id,hadm_id,note_seq,chartdate,storetime,text");
    for (const size of [1, 4, 1 << 16]) {
      const back = (await parseOk(texts, size)).dataset;
      expect(back.patients[0]?.notes?.[0]?.text).toBe(tricky);
      expect(back.items).toStrictEqual(base.items);
      // Offsets are re-derived from the text, which a CSV does not carry.
      expect(back.patients[0]?.notes?.[0]?.sections.map((s) => s.title)).toEqual(["Chief Complaint", "Brief Hospital Course"]);
      expect(asTexts(exportChatQaCsv(back))).toEqual(texts);
    }
  });

  test("CSV → bundle → CSV is stable", async () => {
    const base = (await parseOk({ "a.json": NOTES })).dataset;
    const csv = asTexts(exportChatQaCsv(base));
    const fromCsv = (await parseOk(csv)).dataset;
    const bundle = exportedText(exportNotesJsonBundle(fromCsv));
    const fromBundle = (await parseOk({ "x.json": bundle })).dataset;
    expect(fromBundle.patients).toStrictEqual(fromCsv.patients);
    expect(fromBundle.items).toStrictEqual(fromCsv.items);
    expect(asTexts(exportChatQaCsv(fromBundle))).toEqual(csv);
  });

  test("exporting to the other family is refused", async () => {
    const ds = (await parseOk({ "a.json": NOTES })).dataset;
    expect(() => exportEhrJsonBundle(ds)).toThrow(/cannot export/);
  });
});

test("a whole string is accepted as a single-chunk stream", async () => {
  const r = await parseDataset([{ name: "a.json", chunks: EHR }]);
  expect(r.ok).toBe(true);
});

test("progress is reported per file and stats count characters and records", async () => {
  const seen: { file: string; chars: number; records: number }[] = [];
  const r = await parseDataset(
    [
      {
        name: "a.json",
        chunks: (function* () {
          for (let i = 0; i < EHR.length; i += 100) yield EHR.slice(i, i + 100);
        })(),
      },
    ],
    { onProgress: (p) => seen.push(p) },
  );
  expect(r.ok).toBe(true);
  expect(seen.length).toBeGreaterThan(10);
  expect(seen.at(-1)).toEqual({ file: "a.json", chars: EHR.length, records: 2 });
  if (r.ok) expect(r.stats.files).toEqual([{ name: "a.json", readAs: "bundle", chars: EHR.length, records: 2 }]);
});
