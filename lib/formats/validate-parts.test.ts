// The split validation (validate-parts.ts) against the importer's full one over the joined
// files, for every layout the corrected export writes: same ok, same issues (file, line, record,
// field, message, in order), same totals, counts and findings, on valid items and on items broken
// the ways a correction can break them. A resumed read that skipped a rule would differ here.
import { describe, expect, it } from "vitest";
import { generateEhrBundle, generateNotesBundle } from "../synth";
import { exportLayout, extraKeys, itemsWriter, patientsWriter, writePart, type FileLayout } from "./export-parts";
import type { Conversation, FormatId, Item, McqItem, NormalizedDataset } from "./model";
import { parseDataset, validateDatasetStream, type ValidationResult } from "./parse-dataset";
import { digestPatients, validateWithDigest } from "./validate-parts";

async function parse(name: string, value: unknown): Promise<NormalizedDataset> {
  const r = await parseDataset([{ name, chunks: JSON.stringify(value) }]);
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 2)));
  return r.dataset;
}

const ehr = () => parse("x.json", generateEhrBundle({ seed: "parts", size: "demo", patients: 5, instances: 12 }).bundle);
const notes = () => parse("notes.json", generateNotesBundle({ seed: "parts", size: "demo", patients: 4 }).bundle);

interface Parts {
  layout: FileLayout[];
  patients: string;
  items: string;
}

function parts(format: FormatId, ds: NormalizedDataset, items: readonly Item[]): Parts {
  const noteExtras = [...extraKeys(ds.patients.flatMap((p) => p.notes ?? []))];
  return {
    layout: exportLayout(format, ds),
    patients: writePart(patientsWriter(format, noteExtras), ds.patients),
    items: writePart(itemsWriter(format, items), items),
  };
}

/** Chunks of an awkward size, so no rule can lean on a part arriving whole. */
function* chunked(text: string, size = 997): Generator<string> {
  for (let k = 0; k < text.length; k += size) yield text.slice(k, k + size);
}

function full(p: Parts, timeZone = "UTC"): Promise<ValidationResult> {
  const files = p.layout.map((f) => {
    const text = f.segments.map((s) => (s.kind === "text" ? s.text : s.kind === "patients" ? p.patients : p.items)).join("");
    return { name: f.name, open: () => chunked(text) };
  });
  return validateDatasetStream(files, { timeZone });
}

async function fast(format: FormatId, p: Parts, timeZone = "UTC"): Promise<ValidationResult> {
  const digest = await digestPatients(p.layout, format, () => chunked(p.patients), { timeZone });
  if (!digest.ok) throw new Error(`patients part refused: ${JSON.stringify(digest.issues[0])}`);
  return validateWithDigest(p.layout, digest.digest, { patients: () => chunked(p.patients), items: () => chunked(p.items) }, { timeZone });
}

/** What both must agree on: all of it, but the per-file read statistics (they say what was read). */
function comparable(r: ValidationResult) {
  if (!r.ok) return r;
  const { files: _files, ...stats } = r.summary.stats;
  return { ...r.summary, stats, plan: { ...r.summary.plan, files: r.summary.plan.files } };
}

async function same(format: FormatId, p: Parts, timeZone?: string): Promise<ValidationResult> {
  const [a, b] = await Promise.all([full(p, timeZone), fast(format, p, timeZone)]);
  expect(comparable(b)).toEqual(comparable(a));
  return a;
}

const clone = <T>(x: T): T => structuredClone(x);
const mcqs = (ds: NormalizedDataset) => ds.items.map(clone) as McqItem[];
const conversations = (ds: NormalizedDataset) => ds.items.map(clone) as Conversation[];

type Break<T> = [string, (items: T[], ds: NormalizedDataset) => void];

const EHR_BREAKS: Break<McqItem>[] = [
  ["evidence naming an event that does not exist", (i) => i[2]!.evidenceEventIds.push("no-such-event")],
  [
    "evidence dated after the cutoff",
    (i, ds) => {
      const events = ds.patients.find((p) => p.patientId === i[1]!.patientId)!.events!;
      i[1]!.evidenceEventIds = [events.at(-1)!.eventId];
      i[1]!.cutoff = { ...i[1]!.cutoff, time: events[0]!.time };
    },
  ],
  ["a cutoff with a UTC offset over events without", (i) => (i[0]!.cutoff = { ...i[0]!.cutoff, time: "2150-01-01T00:00:00+02:00" })],
  ["an unknown patient", (i) => (i[3]!.patientId = "P-nobody")],
  ["a pregnancy of another patient", (i) => (i[4]!.pregnancyId = "PREG-other")],
  ["a duplicate instance and decision point", (i) => i.push(clone(i[5]!))],
  ["an answer that is no option", (i) => (i[6]!.answer = "Z" as McqItem["answer"])],
  [
    "decision points out of cutoff order",
    (i) => {
      const [a, b] = [i[0]!, i.find((x) => x !== i[0] && x.patientId === i[0]!.patientId)];
      if (b) [a.decisionPointIndex, b.decisionPointIndex] = [b.decisionPointIndex, a.decisionPointIndex];
    },
  ],
];

const sourceTurn = (c: Conversation) => c.turns.find((t) => t.turnType === "source")!;
const NOTES_BREAKS: Break<Conversation>[] = [
  [
    "a source option naming a note that does not exist",
    (c) => {
      const o = sourceTurn(c[0]!).options[1]!;
      o.text = o.text.replace(/Note #\d+/, "Note #99");
    },
  ],
  [
    "a source option citing the wrong chartdate",
    (c) => {
      const t = sourceTurn(c[1]!);
      for (const o of t.options) o.text = o.text.replace(/\d{4}-\d{2}-\d{2}/, "1999-01-01");
    },
  ],
  ["an unknown patient", (c) => (c[2]!.patientId = "999999999")],
  [
    "turns out of order",
    (c) => {
      const [a, b] = c[0]!.turns;
      if (a && b) [a.turnOrder, b.turnOrder] = [b.turnOrder, a.turnOrder];
    },
  ],
];

describe.each([
  ["ehr-decision-mcq-jsonl", ehr, EHR_BREAKS],
  ["ehr-decision-mcq-json", ehr, EHR_BREAKS],
  ["notes-chatqa-json", notes, NOTES_BREAKS],
  ["ehrnote-chatqa-csv", notes, NOTES_BREAKS],
] as const)("%s: items checked against the patients' digest = the importer over the joined files", (format, make, breaks) => {
  it("accepts valid items with the same summary (counts, findings, plan)", async () => {
    const ds = await make();
    const r = await same(format, parts(format, ds, ds.items));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.summary.stats.items).toBe(ds.items.length);
  });

  it("accepts an empty items part the same way", async () => {
    const ds = await make();
    await same(format, parts(format, ds, []));
  });

  it.each(breaks as readonly Break<McqItem & Conversation>[])("refuses %s with the same located issues", async (_name, breakIt) => {
    const ds = await make();
    const items = (format.startsWith("ehr") ? mcqs(ds) : conversations(ds)) as (McqItem & Conversation)[];
    breakIt(items, ds);
    const r = await same(format, parts(format, ds, items));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues.length).toBeGreaterThan(0);
      // Every issue is located in the items' file (the line where the full read puts it).
      for (const issue of r.issues) expect(issue.line).toBeGreaterThan(0);
    }
  });
});

describe("the patients' digest", () => {
  it("is refused when the patients part alone has issues (the caller then validates in full)", async () => {
    const ds = await make();
    ds.patients[1]!.events!.push(clone(ds.patients[1]!.events![0]!)); // a duplicate event id
    const p = parts("ehr-decision-mcq-jsonl", ds, ds.items);
    const d = await digestPatients(p.layout, "ehr-decision-mcq-jsonl", () => [p.patients]);
    expect(d.ok).toBe(false);
    expect((await full(p)).ok).toBe(false);
    async function make() {
      return ehr();
    }
  });

  it("reads times in its own zone only", async () => {
    const ds = await ehr();
    const p = parts("ehr-decision-mcq-jsonl", ds, ds.items);
    await same("ehr-decision-mcq-jsonl", p, "Europe/Paris");
    const d = await digestPatients(p.layout, "ehr-decision-mcq-jsonl", () => [p.patients], { timeZone: "Europe/Paris" });
    if (!d.ok) throw new Error("refused");
    await expect(validateWithDigest(p.layout, d.digest, { patients: () => [p.patients], items: () => [p.items] })).rejects.toThrow(
      /Europe\/Paris/,
    );
  });

  it("survives a structured clone (what it is stored as) and is not changed by a check", async () => {
    const ds = await ehr();
    const items = mcqs(ds);
    items[0]!.cutoff = { ...items[0]!.cutoff, time: "2150-01-01T00:00:00+02:00" };
    const p = parts("ehr-decision-mcq-jsonl", ds, items);
    const d = await digestPatients(p.layout, "ehr-decision-mcq-jsonl", () => [p.patients]);
    if (!d.ok) throw new Error("refused");
    const stored = structuredClone(d.digest);
    const texts = { patients: () => [p.patients], items: () => [p.items] };
    const first = await validateWithDigest(p.layout, structuredClone(stored), texts);
    const again = await validateWithDigest(p.layout, structuredClone(stored), texts);
    expect(again).toEqual(first);
    expect(comparable(first)).toEqual(comparable(await full(p)));
  });
});
