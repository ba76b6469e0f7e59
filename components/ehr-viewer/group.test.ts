import { describe, expect, it } from "vitest";
import { buildDemoEvents, demoEvidenceIds } from "./fixtures";
import { buildDayIndex, countByType, dayOfRow, flattenRows, groupByDay, rowAtOrAfter } from "./group";
import type { EventType, ViewerEvent } from "./types";

const ev = (id: string, time: string, type: EventType = "lab_test", gaDays: number | null = null): ViewerEvent => ({
  id,
  eventId: `E-${id}`,
  time,
  gaDays,
  visitId: null,
  type,
  name: id,
  measurement: null,
  items: [],
  text: null,
});

const small = [
  ev("a", "2031-08-17T09:00:00", "lab_test", null),
  ev("b", "2031-08-17T10:00:00", "vital_sign", 227),
  ev("c", "2031-08-18T08:00:00", "clinical_note", 228),
  ev("d", "2031-08-18T23:59:00", "lab_test", 228),
  ev("e", "2031-08-20T07:00:00", "vital_sign", null),
];

describe("groupByDay", () => {
  it("groups by calendar day in order and takes the day's first known GA", () => {
    const groups = groupByDay(small);
    expect(groups.map((g) => g.key)).toEqual(["2031-08-17", "2031-08-18", "2031-08-20"]);
    expect(groups.map((g) => g.events.map((e) => e.id))).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(groups.map((g) => g.gaDays)).toEqual([227, 228, null]);
    expect(groups.map((g) => g.firstIndex)).toEqual([0, 2, 4]);
  });
  it("sorts defensively so a stray event never opens a second header for its day", () => {
    const shuffled = [small[3], small[0], small[4], small[2], small[1]] as ViewerEvent[];
    expect(groupByDay(shuffled).map((g) => g.events.map((e) => e.id))).toEqual([["a", "b"], ["c", "d"], ["e"]]);
  });
  it("handles an empty record", () => {
    expect(groupByDay([])).toEqual([]);
    const flat = flattenRows([]);
    expect(flat.rows.map((r) => r.kind)).toEqual(["end"]);
  });
});

describe("flattenRows", () => {
  it("puts a header before each day and one end marker last", () => {
    const flat = flattenRows(groupByDay(small));
    expect(flat.rows.map((r) => r.key)).toEqual(["h:2031-08-17", "e:a", "e:b", "h:2031-08-18", "e:c", "e:d", "h:2031-08-20", "e:e", "end"]);
    expect(Array.from(flat.dayHeaderRow)).toEqual([0, 3, 6]);
    expect(flat.rowOfEvent.get("d")).toBe(5);
  });
  it("drops filtered events and days left empty", () => {
    const flat = flattenRows(groupByDay(small), new Set<EventType>(["vital_sign"]));
    expect(flat.rows.map((r) => r.key)).toEqual(["h:2031-08-17", "e:b", "h:2031-08-20", "e:e", "end"]);
    expect(Array.from(flat.dayHeaderRow)).toEqual([0, -1, 2]);
    // Positions count the visible events only, so a screen reader hears "2 of 2", not "5 of 5".
    expect(flat.rows.flatMap((r) => (r.kind === "event" ? [r.pos] : []))).toEqual([1, 2]);
    expect(flat.rowOfEvent.has("a")).toBe(false);
  });
  it("gives rows a monotone order in the unfiltered record, for anchoring across filters", () => {
    const all = flattenRows(groupByDay(small));
    const orders = all.rows.map((r) => r.order);
    expect([...orders].sort((x, y) => x - y)).toEqual(orders);
    const vitals = flattenRows(groupByDay(small), new Set<EventType>(["vital_sign"]));
    // "c" (a note on the 18th) is hidden: the nearest surviving row at or after it is the 20th's header.
    expect(vitals.rows[rowAtOrAfter(vitals.rows, 2)]?.key).toBe("h:2031-08-20");
    expect(vitals.rows[rowAtOrAfter(vitals.rows, Number.POSITIVE_INFINITY)]?.key).toBe("end");
    expect(rowAtOrAfter(vitals.rows, -10)).toBe(0);
  });
  it("maps rows to days, clamping out-of-range indexes", () => {
    const flat = flattenRows(groupByDay(small));
    expect(dayOfRow(flat.rows, 4)).toBe(1);
    expect(dayOfRow(flat.rows, -5)).toBe(0);
    expect(dayOfRow(flat.rows, 999)).toBe(2);
  });
});

describe("counts and day index", () => {
  it("counts every type, zero when absent", () => {
    const counts = countByType(small);
    expect(counts.lab_test).toBe(2);
    expect(counts.vital_sign).toBe(2);
    expect(counts.clinical_note).toBe(1);
    expect(counts.ultrasound).toBe(0);
    expect(Object.keys(counts)).toHaveLength(8);
  });
  it("builds one date-list entry per day with visible and evidence counts", () => {
    const groups = groupByDay(small);
    const flat = flattenRows(groups, new Set<EventType>(["lab_test"]));
    const days = buildDayIndex(groups, flat, new Set(["E-a", "E-c"]));
    expect(days).toEqual([
      { day: 0, key: "2031-08-17", gaDays: 227, total: 2, visible: 1, evidence: 1, headerRow: 0 },
      { day: 1, key: "2031-08-18", gaDays: 228, total: 2, visible: 1, evidence: 1, headerRow: 2 },
      { day: 2, key: "2031-08-20", gaDays: null, total: 1, visible: 0, evidence: 0, headerRow: -1 },
    ]);
  });
});

describe("5,000-event synthetic history", () => {
  const events = buildDemoEvents({ count: 5000 });
  const groups = groupByDay(events);
  const flat = flattenRows(groups);

  it("keeps every event exactly once, in time order", () => {
    const ids = flat.rows.flatMap((r) => (r.kind === "event" ? [r.event.id] : []));
    expect(ids).toHaveLength(5000);
    expect(new Set(ids).size).toBe(5000);
    expect(ids).toEqual(events.map((e) => e.id));
  });
  it("has one header per day, each directly before its events", () => {
    expect(flat.rows.filter((r) => r.kind === "header")).toHaveLength(groups.length);
    expect(flat.rows).toHaveLength(5000 + groups.length + 1);
    groups.forEach((g, day) => {
      const h = flat.dayHeaderRow[day] as number;
      expect(flat.rows[h]?.key).toBe(`h:${g.key}`);
      expect(flat.rows[h + 1]?.kind).toBe("event");
    });
    const keys = groups.map((g) => g.key);
    expect([...keys].sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it("counts add up per type and per day", () => {
    const counts = countByType(events);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(5000);
    const evidence = new Set(demoEvidenceIds(events, 50));
    const days = buildDayIndex(groups, flat, evidence);
    expect(days.reduce((a, d) => a + d.total, 0)).toBe(5000);
    expect(days.reduce((a, d) => a + d.evidence, 0)).toBe(evidence.size);
    expect(days.some((d) => d.gaDays === null)).toBe(true);
  });
  it("is fast enough to recompute on a filter toggle", () => {
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) flattenRows(groups, new Set<EventType>(["lab_test", "clinical_note"]));
    expect((performance.now() - t0) / 10).toBeLessThan(50);
  });
});
