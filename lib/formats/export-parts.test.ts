import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  exportChatQaCsv,
  exportedText,
  exportEhrJsonBundle,
  exportEhrJsonl,
  exportNotesJsonBundle,
  parseDataset,
  type FormatId,
  type NormalizedDataset,
} from ".";
import { exportLayout, extraKeys, itemsWriter, patientsWriter, writePart } from "./export-parts";

const fixture = (name: string) => fs.readFileSync(path.resolve("lib/formats/__fixtures__", name), "utf8");
async function parse(name: string, text: string): Promise<NormalizedDataset> {
  const r = await parseDataset([{ name, chunks: text }]);
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 2)));
  return r.dataset;
}

/** The layout's files joined from their segments, as the corrected export writes them. */
function joined(format: FormatId, ds: NormalizedDataset): Record<string, string> {
  const notes = ds.patients.flatMap((p) => p.notes ?? []);
  const out: Record<string, string> = {};
  for (const f of exportLayout(format, ds)) {
    out[f.name] = f.segments
      .map((s) =>
        s.kind === "text"
          ? s.text
          : s.kind === "patients"
            ? writePart(patientsWriter(format, [...extraKeys(notes)]), ds.patients)
            : writePart(itemsWriter(format, ds.items), ds.items),
      )
      .join("");
  }
  return out;
}
const exported = (files: { name: string; chunks: Iterable<string> }[]) => Object.fromEntries(files.map((f) => [f.name, exportedText(f)]));

describe("export parts join to the exporters' files, byte for byte", () => {
  it("ehr-decision-mcq: the bundle and the JSONL pair", async () => {
    const ds = await parse("x.json", fixture("ehr-decision-mcq.example.json"));
    expect(joined("ehr-decision-mcq-json", ds)).toEqual(exported([exportEhrJsonBundle(ds)]));
    expect(joined("ehr-decision-mcq-jsonl", ds)).toEqual(exported(exportEhrJsonl(ds)));
  });
  it("notes: the notes-chatqa bundle and the release CSV tables, extra columns included", async () => {
    const ds = await parse("notes.json", fixture("notes-chatqa.example.json"));
    const note = ds.patients[0]!.notes![0]!;
    note.extra = { reviewer: "x,1" };
    const turn = (ds.items[0] as { turns: { extra?: object }[] }).turns[0]!;
    turn.extra = { source: "=cmd" };
    expect(joined("notes-chatqa-json", ds)).toEqual(exported([exportNotesJsonBundle(ds)]));
    expect(joined("ehrnote-chatqa-csv", ds)).toEqual(exported(exportChatQaCsv(ds)));
  });
  it("an empty items part still closes the bundle", async () => {
    const ds = await parse("x.json", fixture("ehr-decision-mcq.example.json"));
    const empty = { ...ds, items: [] };
    expect(joined("ehr-decision-mcq-json", empty)).toEqual(exported([exportEhrJsonBundle(empty)]));
  });
});
