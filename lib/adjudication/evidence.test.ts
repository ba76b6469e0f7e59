import { describe, expect, it } from "vitest";
import { parseDataset, type McqItem, type NormalizedDataset } from "../formats";
import { composeEvidenceText, evidenceLevelOf } from "../formats/evidence-text";
import { eventToWire } from "../formats/map-ehr";
import { generateEhrBundle } from "../synth/ehr/generate";
import { applyChange, changeLogMarkdown, correctDataset, CorrectionError } from "./apply";

const { bundle } = generateEhrBundle({ seed: "evidence-text", size: "demo", language: "en" });
async function generated(): Promise<NormalizedDataset> {
  const r = await parseDataset([{ name: "ehr-decision-mcq.json", chunks: JSON.stringify(bundle) }]);
  if (!r.ok) throw new Error(JSON.stringify(r.issues.slice(0, 3)));
  return r.dataset;
}
const eventsOf = (ds: NormalizedDataset, patientId: string) => ds.patients.find((p) => p.patientId === patientId)!.events!;
const meta = {
  proposedBy: "R1",
  decidedBy: "Omar Organizer",
  decision: "ACCEPTED" as const,
  rationale: "agreed",
  proposalRationale: "the cited event is the wrong visit",
};

/** An item and an event of its record at or before its cutoff that it does not cite. */
function pick(ds: NormalizedDataset) {
  const item = ds.items.find((i): i is McqItem => i.kind === "mcq" && i.evidenceText != null)!;
  const events = eventsOf(ds, item.patientId);
  const other = events.filter((e) => e.time <= item.cutoff.time && !item.evidenceEventIds.includes(e.eventId)).at(-1)!;
  return { item, events, other };
}

describe("evidence text and level follow the chosen events", () => {
  it("the writer's own rule: every generated instance's text and level are composed from its cited events", async () => {
    const ds = await generated();
    for (const item of ds.items as McqItem[]) {
      const byId = new Map(eventsOf(ds, item.patientId).map((e) => [e.eventId, eventToWire(e)]));
      const cited = item.evidenceEventIds.map((id) => byId.get(id)!) as never[];
      expect(composeEvidenceText(cited)).toBe(item.evidenceText);
      expect(evidenceLevelOf(cited)).toBe(item.evidenceLevel);
    }
  });

  it("an accepted evidence fix never ships the new ids with the old event's text (issue #15)", async () => {
    const ds = await generated();
    const { item, events, other } = pick(ds);
    // The issue's case: the evidence becomes one other event (there "E0164").
    const fixed = correctDataset(ds, [{ item: item.instanceId, change: { kind: "EVIDENCE", evidenceEventIds: [other.eventId] }, ...meta }]);
    const out = fixed.dataset.items.find((i) => i.kind === "mcq" && i.instanceId === item.instanceId) as McqItem;
    expect(out.evidenceEventIds).toEqual([other.eventId]);
    expect(out.evidenceText).toBe(composeEvidenceText([eventToWire(other)] as never[]));
    expect(out.evidenceText).toContain(other.time);
    for (const old of item.evidenceText!.split("\n")) expect(out.evidenceText).not.toContain(old);
    expect(out.evidenceLevel).toBe("L1");
    // The change log says what was re-derived.
    expect(fixed.changes[0]!.derived).toEqual(
      expect.arrayContaining([expect.stringMatching(/evidence_text composed from the chosen events/)]),
    );
    expect(changeLogMarkdown("T", fixed.changes, [])).toContain("evidence\\_text composed");
    expect(fixed.changes[0]!.after).toMatchObject({ evidence_event_ids: [other.eventId], evidence_text: out.evidenceText });
    expect(events).toBe(eventsOf(ds, item.patientId)); // the record itself is untouched
  });

  it("the adjudicator's explicit text wins and is recorded; ids come out in record order, once each", async () => {
    const ds = await generated();
    const { item, other } = pick(ds);
    const first = item.evidenceEventIds[0]!;
    const r = applyChange(
      item,
      { kind: "EVIDENCE", evidenceEventIds: [other.eventId, first, other.eventId], evidenceText: "TBA 42 µmol/L on 3 May" },
      { events: eventsOf(ds, item.patientId) },
    );
    const out = r.item as McqItem;
    const times = new Map(eventsOf(ds, item.patientId).map((e) => [e.eventId, e.time]));
    expect(out.evidenceEventIds).toEqual([first, other.eventId].sort((a, b) => times.get(a)!.localeCompare(times.get(b)!)));
    expect(out.evidenceText).toBe("TBA 42 µmol/L on 3 May");
    expect(r.derived).toEqual(expect.arrayContaining(["evidence_text as written by the adjudicator"]));
  });

  it("refuses evidence the importer would refuse: not the patient's, after the cutoff, none", async () => {
    const ds = await generated();
    const { item } = pick(ds);
    const context = { events: eventsOf(ds, item.patientId) };
    const later = context.events.find((e) => e.time > item.cutoff.time);
    expect(() => applyChange(item, { kind: "EVIDENCE", evidenceEventIds: ["NOPE-1"] }, context)).toThrow(/not an event of patient/);
    if (later)
      expect(() => applyChange(item, { kind: "EVIDENCE", evidenceEventIds: [later.eventId] }, context)).toThrow(/after the cutoff/);
    expect(() => applyChange(item, { kind: "EVIDENCE", evidenceEventIds: [" "] }, context)).toThrow(/cannot be empty/);
    expect(() => applyChange(item, { kind: "EVIDENCE", evidenceEventIds: [item.evidenceEventIds[0]!] })).toThrow(CorrectionError);
  });

  it("an item without evidence_text keeps none; a level graded otherwise is kept and said so", async () => {
    const ds = await generated();
    const { item, other } = pick(ds);
    const bare: McqItem = { ...item, evidenceText: null, evidenceLevel: item.evidenceLevel === "L2" ? "L3" : "L2" };
    const r = applyChange(bare, { kind: "EVIDENCE", evidenceEventIds: [other.eventId] }, { events: eventsOf(ds, item.patientId) });
    expect((r.item as McqItem).evidenceText).toBeNull();
    expect((r.item as McqItem).evidenceLevel).toBe(bare.evidenceLevel);
    expect(r.derived!.join(" ")).toMatch(/kept: the imported level does not follow the span rule/);
  });
});
