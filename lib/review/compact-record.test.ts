import { expect, test } from "vitest";
import { buildDemoEvents } from "../../components/ehr-viewer/fixtures";
import type { ViewerEvent } from "../../components/ehr-viewer/types";
import { COMPACT_RECORD_VERSION, compactRecord, expandRecord, parseRecord } from "./compact-record";

// The server's events as the case page builds them: the benchmark's event_id is the id.
const events = (count: number): ViewerEvent[] =>
  buildDemoEvents({ count }).map((e) => ({ ...e, id: e.eventId, measurement: e.measurement && { ...e.measurement, name: e.name } }));

test("a record comes back exactly as it went in, whatever its events hold", () => {
  const record = events(400);
  expect(record.some((e) => e.items.length > 0) && record.some((e) => e.measurement) && record.some((e) => e.text)).toBe(true);
  const edge: ViewerEvent = {
    id: "X1",
    eventId: "X1",
    time: "2031-02-01T00:00:00",
    gaDays: null,
    visitId: null,
    type: "lab_test",
    name: "",
    measurement: { name: "", value: "pos", unit: null, refLow: 0, refHigh: null, flag: "A" },
    items: [],
    text: "",
  };
  const all = [...record, edge];
  expect(expandRecord(JSON.parse(JSON.stringify(compactRecord(all))))).toEqual(all);
  expect(parseRecord(JSON.stringify(compactRecord([])))).toEqual([]);
});

test("the compact form is smaller than the objects it replaces (text is most of a record)", () => {
  const record = events(400);
  const lean = JSON.stringify(compactRecord(record)).length;
  const objects = JSON.stringify(record).length;
  expect(lean).toBeLessThan(objects * 0.8);
});

test("a record of another version, or events the encoder cannot keep exactly, are refused", () => {
  expect(() => expandRecord({ v: (COMPACT_RECORD_VERSION + 1) as 1, s: [], e: [] })).toThrow(/version/);
  const [first] = events(1);
  expect(() => compactRecord([{ ...first!, id: "db-id" }])).toThrow(/separate id/);
});

test("expansions are kept by key, so many renders of one record expand it once", () => {
  const json = JSON.stringify(compactRecord(events(50)));
  const a = parseRecord(json, '"k1"');
  expect(parseRecord(json, '"k1"')).toBe(a);
  expect(parseRecord(json)).not.toBe(a);
  expect(parseRecord(json)).toEqual(a);
});
