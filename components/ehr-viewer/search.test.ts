import { describe, expect, it } from "vitest";
import { buildDemoEvents, buildDemoNotes } from "./fixtures";
import { buildIndex, EMPTY_RESULT, eventDoc, findRanges, foldCase, noteDocs, noteKey, rangesFor, search, searchEvents } from "./search";
import type { ViewerEvent } from "./types";

const ev = (id: string, over: Partial<ViewerEvent> = {}): ViewerEvent => ({
  id,
  eventId: `E-${id}`,
  time: "2031-08-18T10:00:00",
  gaDays: 228,
  visitId: null,
  type: "lab_test",
  name: id,
  measurement: null,
  items: [],
  text: null,
  ...over,
});

const events: ViewerEvent[] = [
  ev("tba", {
    name: "Total bile acids",
    measurement: { name: "Total bile acids", value: 23.4, unit: "µmol/L", refLow: null, refHigh: 10, flag: "H" },
  }),
  ev("note", {
    type: "clinical_note",
    name: "Visit note",
    text: "孕32周，皮肤瘙痒1周，夜间加重。\nItching worse at NIGHT; itching keeps her awake.",
  }),
  ev("us", {
    type: "ultrasound",
    name: "Growth ultrasound",
    items: [
      { name: "AFI", value: 4.2, unit: "cm", refLow: 5, refHigh: 25, flag: "L" },
      { name: "EFW", value: 1900, unit: "g", refLow: null, refHigh: null, flag: null },
    ],
  }),
];

describe("foldCase / findRanges", () => {
  it("lower-cases without changing length", () => {
    expect(foldCase("ItChInG")).toBe("itching");
    expect(foldCase("İstanbul").length).toBe("İstanbul".length);
    expect(foldCase("孕32周")).toBe("孕32周");
  });
  it("finds non-overlapping ranges", () => {
    expect(findRanges("aaaa", "aa")).toEqual([
      [0, 2],
      [2, 4],
    ]);
    expect(findRanges("abc", "")).toEqual([]);
    expect(findRanges("abc", "x")).toEqual([]);
  });
});

describe("searchEvents", () => {
  it("is case-insensitive and returns hits in display order with ranges", () => {
    const r = searchEvents(events, "itching");
    const text = events[1]?.text ?? "";
    const first = text.indexOf("Itching");
    const second = text.indexOf("itching");
    expect(r.hits.map((h) => [h.key, h.field, h.start, h.end])).toEqual([
      ["note", "text", first, first + 7],
      ["note", "text", second, second + 7],
    ]);
    expect(r.eventIds).toEqual(["E-note"]);
    expect(r.hits.map((h) => h.index)).toEqual([0, 1]);
  });
  it("matches Chinese text as plain substrings, without word boundaries", () => {
    const r = searchEvents(events, "瘙痒");
    expect(r.hits).toHaveLength(1);
    expect(r.hits[0]).toMatchObject({ key: "note", field: "text", start: 7, end: 9 }); // 孕 3 2 周 ， 皮 肤 | 瘙 痒
    expect(searchEvents(events, "32周，皮").hits).toHaveLength(1);
  });
  it("finds Chinese substrings in names, panel items and text, across what would be word boundaries", () => {
    const zh: ViewerEvent[] = [
      ev("bp", {
        type: "vital_sign",
        name: "血压",
        items: [{ name: "收缩压", value: 111, unit: "mmHg", refLow: null, refHigh: 140, flag: null }],
      }),
      ev("dx", {
        type: "clinical_note",
        name: "产前检查记录：诊断及处理",
        text: "诊断：1. G3P0，宫内单活胎妊娠6+3周\n处理：下次产检(孕12+5周)：NT超声及NIPT。",
      }),
    ];
    expect(searchEvents(zh, "缩压").hits.map((h) => [h.key, h.field])).toEqual([["bp", "i0.name"]]);
    expect(searchEvents(zh, "检查").hits.map((h) => [h.key, h.field])).toEqual([["dx", "name"]]);
    const hit = searchEvents(zh, "胎妊").hits[0];
    expect(hit && zh[1]?.text?.slice(hit.start, hit.end)).toBe("胎妊");
    expect(searchEvents(zh, "nt超声").eventIds).toEqual(["E-dx"]);
  });
  it("searches names, measurement values as displayed and panel items", () => {
    expect(searchEvents(events, "bile").hits.map((h) => h.field)).toEqual(["name"]);
    expect(searchEvents(events, "23.4 µmol").hits.map((h) => h.field)).toEqual(["m.value"]);
    expect(searchEvents(events, "afi").hits.map((h) => h.field)).toEqual(["i0.name"]);
    expect(searchEvents(events, "1900").hits.map((h) => h.field)).toEqual(["i1.value"]);
  });
  it("trims the query and returns nothing for blank queries", () => {
    expect(searchEvents(events, "  NIGHT ").hits).toHaveLength(1);
    expect(search(buildIndex(events.map(eventDoc)), "   ")).toBe(EMPTY_RESULT);
  });
  it("groups hits by document for row rendering", () => {
    const r = searchEvents(events, "i");
    const noteHits = r.byKey.get("note") ?? [];
    expect(noteHits.length).toBeGreaterThan(2);
    expect(rangesFor(noteHits, "text").every((h) => h.field === "text")).toBe(true);
    expect(rangesFor(undefined, "text")).toEqual([]);
  });
  it("keeps ranges aligned with the original text", () => {
    const r = searchEvents(events, "night");
    const hit = r.hits[0];
    expect(hit && events[1]?.text?.slice(hit.start, hit.end)).toBe("NIGHT");
  });
  it("is fast on a 5,000-event history", () => {
    const big = buildDemoEvents({ count: 5000 });
    const index = buildIndex(big.map(eventDoc));
    const t0 = performance.now();
    const r = search(index, "瘙痒");
    expect(performance.now() - t0).toBeLessThan(200);
    expect(r.hits.length).toBeGreaterThan(10);
  });
});

describe("note search", () => {
  it("indexes titles, section headings and text", () => {
    const notes = buildDemoNotes();
    const index = buildIndex(noteDocs(notes));
    expect(search(index, "discharge summary").hits.map((h) => h.key)).toEqual([noteKey(1, -1), noteKey(2, -1)]);
    const course = search(index, "hospital course").hits;
    expect(course.every((h) => h.field === "heading")).toBe(true);
    expect(course).toHaveLength(2);
    expect(search(index, "瘙痒").hits.some((h) => h.key === noteKey(1, 0) && h.field === "text")).toBe(true);
  });
});
