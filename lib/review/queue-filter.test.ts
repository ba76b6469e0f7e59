import { describe, expect, it } from "vitest";
import { filterQueue, isFiltered, parseQueueFilter, queueChapters, queueFilterParams, type FilterableItem } from "./queue-filter";

const item = (id: string, patch: Partial<FilterableItem>) => ({
  id,
  status: "todo" as const,
  flagged: false,
  commented: false,
  chapter: null,
  patient: "P1",
  ...patch,
});
const items = [
  item("a", { status: "done", chapter: "Labour", patient: "SYN-P0001" }),
  item("b", { status: "in-progress", flagged: true, chapter: "Antenatal", patient: "SYN-P0002" }),
  item("c", { commented: true, chapter: "Labour", patient: "SYN-P0002" }),
  item("d", { status: "done", flagged: true, commented: true, patient: "SYN-P0003" }),
];
const ids = (f: Parameters<typeof filterQueue>[1]) => filterQueue(items, f).map((i) => i.id);

describe("a rater's queue filter", () => {
  it("shows what is left, flagged, commented or already answered", () => {
    expect(ids({ show: "all" })).toEqual(["a", "b", "c", "d"]);
    expect(ids({ show: "todo" })).toEqual(["b", "c"]);
    expect(ids({ show: "flagged" })).toEqual(["b", "d"]);
    expect(ids({ show: "commented" })).toEqual(["c", "d"]);
    expect(ids({ show: "rated" })).toEqual(["a", "b", "d"]);
  });

  it("narrows by chapter and by patient (part of the id, any case)", () => {
    expect(ids({ show: "all", chapter: "Labour" })).toEqual(["a", "c"]);
    expect(ids({ show: "todo", chapter: "Labour" })).toEqual(["c"]);
    expect(ids({ show: "all", patient: "p0002" })).toEqual(["b", "c"]);
    expect(queueChapters(items)).toEqual(["Antenatal", "Labour"]);
  });

  it("reads one audit's filter from the URL, ignoring unknown values and other audits", () => {
    const names = queueFilterParams("A1");
    expect(names).toEqual({ show: "show_A1", chapter: "chapter_A1", patient: "patient_A1" });
    expect(parseQueueFilter({ show_A1: "flagged", chapter_A1: " Labour ", patient_A1: "" }, "A1")).toEqual({
      show: "flagged",
      chapter: "Labour",
    });
    expect(parseQueueFilter({ show_A1: "everything", show_B2: "todo" }, "A1")).toEqual({ show: "all" });
    expect(parseQueueFilter({ show_A1: ["todo", "flagged"] }, "A1")).toEqual({ show: "todo" });
    expect(isFiltered({ show: "all" })).toBe(false);
    expect(isFiltered({ show: "all", patient: "x" })).toBe(true);
  });
});
