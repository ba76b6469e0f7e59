import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDataset, type McqItem } from "../formats";
import { applyChange, changeLogMarkdown, correctDataset, CorrectionError } from "./apply";
import { triageReasons } from "./triage";

async function example() {
  const text = fs.readFileSync(path.resolve("lib/formats/__fixtures__/ehr-decision-mcq.example.json"), "utf8");
  const parsed = await parseDataset([{ name: "x.json", chunks: text }]);
  if (!parsed.ok) throw new Error("fixture");
  return parsed.dataset;
}

const meta = { proposedBy: "R2", decidedBy: "Omar Organizer", decision: "ACCEPTED" as const, rationale: "agreed", proposalRationale: "TBA 23 with pruritus" };

describe("applying corrections", () => {
  it("changes only what the correction names and records before/after", async () => {
    const ds = await example();
    const item = ds.items[0] as McqItem;
    const gold = applyChange(item, { kind: "GOLD", answer: "D" });
    expect((gold.item as McqItem).answer).toBe("D");
    expect(item.answer).toBe("B");
    expect(gold).toMatchObject({ before: "B", after: "D" });
    const d = applyChange(item, { kind: "DISTRACTOR", label: "C", text: "Deliver at 37 weeks" });
    expect((d.item as McqItem).options.find((o) => o.label === "C")!.text).toBe("Deliver at 37 weeks");
  });
  it("refuses changes that do not fit the item", async () => {
    const item = (await example()).items[0]!;
    expect(() => applyChange(item, { kind: "GOLD", answer: "Z" })).toThrow(CorrectionError);
    expect(() => applyChange(item, { kind: "DISTRACTOR", label: "Q", text: "x" })).toThrow(/no option/);
    expect(() => applyChange(item, { kind: "STEM", question: "  " })).toThrow(/empty/);
  });
  it("corrects a dataset, drops removed items and writes a change log", async () => {
    const ds = await example();
    const fixed = correctDataset(ds, [{ item: "SYN-ICP-0001", change: { kind: "GOLD", answer: "D" }, ...meta }]);
    expect((fixed.dataset.items[0] as McqItem).answer).toBe("D");
    expect(fixed.changes[0]).toMatchObject({ before: "B", after: "D", proposedBy: "R2" });
    expect(changeLogMarkdown("T", fixed.changes, fixed.removed)).toContain("**SYN-ICP-0001** — gold: B → D. Proposed by R2");
    const gone = correctDataset(ds, [{ item: "SYN-ICP-0001", change: { kind: "REMOVE" }, ...meta }]);
    expect(gone.dataset.items).toHaveLength(0);
    expect(gone.removed).toEqual(["SYN-ICP-0001"]);
    expect(() => correctDataset(ds, [{ item: "NOPE", change: { kind: "REMOVE" }, ...meta }])).toThrow(/NOPE/);
  });
});

describe("triage", () => {
  const rubric = [{ key: "gold", tieCategory: "uncertain", errorCategory: "incorrect" }];
  it("flags disagreement, error/split categories and corrections", () => {
    expect(triageReasons(rubric, { ratings: [{ dimension: "gold", category: "correct" }, { dimension: "gold", category: "correct" }], corrections: 0 })).toEqual([]);
    expect(triageReasons(rubric, { ratings: [{ dimension: "gold", category: "correct" }, { dimension: "gold", category: "incorrect" }], corrections: 0 })).toEqual(["disagreement", "flagged"]);
    expect(triageReasons(rubric, { ratings: [{ dimension: "gold", category: "uncertain" }], corrections: 1 })).toEqual(["flagged", "correction"]);
  });
});

describe("itemMajority", () => {
  it("takes the strict plurality, else the split category", async () => {
    const { itemMajority } = await import("./triage");
    expect(itemMajority(["a", "a", "b"], "u")).toBe("a");
    expect(itemMajority(["a", "b", "c"], "u")).toBe("u");
    expect(itemMajority(["a", "b"], "u")).toBe("u");
    expect(itemMajority([], "u")).toBeNull();
  });
});
