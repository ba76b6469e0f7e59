import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  exportChatQaCsv,
  exportedText,
  exportNotesJsonBundle,
  itemKey,
  parseDataset,
  type Conversation,
  type McqItem,
  type NormalizedDataset,
} from "../formats";
import { applyChange, changeLogMarkdown, correctDataset, CorrectionError, type AppliedChange } from "./apply";
import { triageReasons } from "./triage";

async function parse(files: Record<string, string>): Promise<NormalizedDataset> {
  const parsed = await parseDataset(Object.entries(files).map(([name, chunks]) => ({ name, chunks })));
  if (!parsed.ok) throw new Error(`rejected: ${JSON.stringify(parsed.issues, null, 1)}`);
  return parsed.dataset;
}

const fixture = (name: string) => fs.readFileSync(path.resolve("lib/formats/__fixtures__", name), "utf8");
const example = () => parse({ "x.json": fixture("ehr-decision-mcq.example.json") });

const meta = {
  proposedBy: "R2",
  decidedBy: "Omar Organizer",
  decision: "ACCEPTED" as const,
  rationale: "agreed",
  proposalRationale: "TBA 23 with pruritus",
};

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
    expect(() => applyChange(item, { kind: "GOLD", answer: "D", turnOrder: 2 })).toThrow(/no turn 2/);
  });
  it("says why as a domain code at the item, the English located in front", async () => {
    const item = (await example()).items[0]!;
    const error = (() => {
      try {
        applyChange(item, { kind: "GOLD", answer: "Z" });
      } catch (e) {
        return e as CorrectionError;
      }
    })()!;
    expect(error.said).toEqual({ code: "adjudication.notOptionLabel", values: { answer: "Z" } });
    expect(error.at).toEqual({ item: itemKey(item) });
    expect(error.message).toBe(`${itemKey(item)}: "Z" is not an option label`);
  });
  it("corrects a dataset, drops removed items and writes a change log", async () => {
    const ds = await example();
    const fixed = correctDataset(ds, [{ item: "SYN-ICP-0001", change: { kind: "GOLD", answer: "D" }, ...meta }]);
    expect((fixed.dataset.items[0] as McqItem).answer).toBe("D");
    expect(fixed.changes[0]).toMatchObject({ before: "B", after: "D", proposedBy: "R2" });
    expect(changeLogMarkdown("T", fixed.changes, fixed.removed)).toContain("**SYN-ICP-0001** — gold: B → D. Proposed by R2");
    // Stems and rationales are escaped as report.md escapes them: shown as written, never Markdown.
    const planted = correctDataset(ds, [
      {
        item: "SYN-ICP-0001",
        change: { kind: "STEM", question: "Is <img src=x onerror=alert(1)> [safe](http://evil.example)?\n# not a heading" },
        ...meta,
        rationale: "**bold** _x_ `code` | pipe",
      },
    ]);
    const md = changeLogMarkdown("A *title*", planted.changes, planted.removed);
    expect(md).toContain("# Change log: A \\*title\\*");
    expect(md).toContain("Is \\<img src=x onerror=alert(1)\\> \\[safe\\](http://evil.example)? \\# not a heading");
    expect(md).toContain("“\\*\\*bold\\*\\* \\_x\\_ \\`code\\` \\| pipe”");
    expect(md).not.toMatch(/[^\\]<img|\n# not/);
    const gone = correctDataset(ds, [{ item: "SYN-ICP-0001", change: { kind: "REMOVE" }, ...meta }]);
    expect(gone.dataset.items).toHaveLength(0);
    expect(gone.removed).toEqual(["SYN-ICP-0001"]);
    expect(() => correctDataset(ds, [{ item: "NOPE", change: { kind: "REMOVE" }, ...meta }])).toThrow(/NOPE/);
  });
});

// Conversations: each change touches only its turn; source turns keep their gold sources in
// step with the correct option; the corrected dataset exports (bundle and CSV) and re-imports.
// Turn 1 (content, gold B) and turn 2 (source, gold B = "Note #1 … Headers: Brief Hospital Course").
const notesExample = () => parse({ "notes.json": fixture("notes-chatqa.example.json") });
const conversation = async () => (await notesExample()).items[0] as Conversation;
const turn = (item: unknown, order: number) => (item as Conversation).turns.find((t) => t.turnOrder === order)!;
const turnMeta = {
  proposedBy: "R1",
  decidedBy: "Omar Organizer",
  decision: "ACCEPTED" as const,
  rationale: "agreed",
  proposalRationale: "the culture grew Klebsiella",
};
const NOTE_1 = "Note #1 Chartdate: 2150-03-02 Headers:";

describe("applying corrections to conversation turns", () => {
  it("GOLD changes that turn's answer only, and records before/after", async () => {
    const conv = await conversation();
    const r = applyChange(conv, { kind: "GOLD", answer: "A", turnOrder: 1 });
    expect(turn(r.item, 1).answer).toBe("A");
    expect(turn(r.item, 2)).toEqual(turn(conv, 2));
    expect(turn(conv, 1).answer).toBe("B");
    expect(r).toMatchObject({ before: "B", after: "A" });
  });

  it("GOLD and EVIDENCE on a source turn recompute its gold sources from the new correct option", async () => {
    const conv = await conversation();
    const gold = applyChange(conv, { kind: "GOLD", answer: "D", turnOrder: 2 });
    expect(turn(gold.item, 2)).toMatchObject({
      answer: "D",
      goldSources: [{ noteNum: 1, headers: ["Chief Complaint", "Discharge Diagnosis"] }],
    });
    const evidence = applyChange(conv, { kind: "EVIDENCE", answer: "A", turnOrder: 2 });
    expect(turn(evidence.item, 2)).toMatchObject({ answer: "A", goldSources: [{ noteNum: 1, headers: ["Chief Complaint"] }] });
    expect(evidence).toMatchObject({ before: "B", after: "A" });
  });

  it("STEM and DISTRACTOR change that turn's question and option text", async () => {
    const conv = await conversation();
    const stem = applyChange(conv, { kind: "STEM", question: "Which organism grew in the urine culture?", turnOrder: 1 });
    expect(turn(stem.item, 1).question).toBe("Which organism grew in the urine culture?");
    expect(turn(stem.item, 2).question).toBe(turn(conv, 2).question);
    const d = applyChange(conv, { kind: "DISTRACTOR", label: "C", text: "Staphylococcus aureus", turnOrder: 1 });
    expect(turn(d.item, 1).options[2]).toEqual({ label: "C", text: "Staphylococcus aureus" });
    expect(d).toMatchObject({ before: { label: "C", text: "Proteus mirabilis" }, after: { label: "C", text: "Staphylococcus aureus" } });
  });

  it("a DISTRACTOR fix of a source turn's gold option updates its gold sources; of another option, not", async () => {
    const conv = await conversation();
    const gold = applyChange(conv, {
      kind: "DISTRACTOR",
      label: "B",
      text: `${NOTE_1} Brief Hospital Course, Discharge Medications`,
      turnOrder: 2,
    });
    expect(turn(gold.item, 2).goldSources).toEqual([{ noteNum: 1, headers: ["Brief Hospital Course", "Discharge Medications"] }]);
    const other = applyChange(conv, { kind: "DISTRACTOR", label: "E", text: `${NOTE_1} Pertinent Results`, turnOrder: 2 });
    expect(turn(other.item, 2).goldSources).toEqual(turn(conv, 2).goldSources);
  });

  it("refuses changes that do not fit the turn", async () => {
    const conv = await conversation();
    const refused: [AppliedChange, RegExp][] = [
      [{ kind: "GOLD", answer: "B" }, /which turn/],
      [{ kind: "GOLD", answer: "B", turnOrder: 9 }, /no turn 9/],
      [{ kind: "GOLD", answer: "F", turnOrder: 1 }, /not an option label/],
      [{ kind: "EVIDENCE", answer: "A", turnOrder: 1 }, /content turn/],
      [{ kind: "EVIDENCE", evidenceEventIds: ["E1"], turnOrder: 2 }, /not an option label/],
      [{ kind: "STEM", question: " ", turnOrder: 1 }, /empty/],
      [{ kind: "DISTRACTOR", label: "C", text: "Escherichia  coli", turnOrder: 1 }, /duplicate option B/],
      [{ kind: "DISTRACTOR", label: "C", text: "Discharge summary", turnOrder: 2 }, /Note #N/],
      [{ kind: "DISTRACTOR", label: "C", text: `${NOTE_1} Chief Complaint`, turnOrder: 2 }, /duplicate option A/],
    ];
    for (const [change, message] of refused) {
      expect(() => applyChange(conv, change), JSON.stringify(change)).toThrow(CorrectionError);
      expect(() => applyChange(conv, change)).toThrow(message);
    }
    expect(applyChange(conv, { kind: "REMOVE" }).item).toBe(conv);
  });

  it("the corrected dataset exports as a bundle and as CSV that re-import with the corrected values", async () => {
    const ds = await notesExample();
    const decisions = [
      { change: { kind: "STEM", question: "Which organism grew in the urine culture?", turnOrder: 1 } as const },
      { change: { kind: "DISTRACTOR", label: "E", text: "Pseudomonas (multidrug resistant)", turnOrder: 1 } as const },
      { change: { kind: "GOLD", answer: "A", turnOrder: 1 } as const },
      { change: { kind: "EVIDENCE", answer: "D", turnOrder: 2 } as const },
    ].map((d) => ({ item: "900001:microbiology", ...d, ...turnMeta }));
    const fixed = correctDataset(ds, decisions);
    expect(fixed.changes.map((c) => [c.before, c.after])).toEqual([
      ["What organism was identified during the first admission?", "Which organism grew in the urine culture?"],
      [
        { label: "E", text: "Pseudomonas aeruginosa" },
        { label: "E", text: "Pseudomonas (multidrug resistant)" },
      ],
      ["B", "A"],
      ["B", "D"],
    ]);
    const expected = fixed.dataset.items[0] as Conversation;
    expect(turn(expected, 1)).toMatchObject({ answer: "A", question: "Which organism grew in the urine culture?" });
    expect(turn(expected, 2)).toMatchObject({
      answer: "D",
      goldSources: [{ noteNum: 1, headers: ["Chief Complaint", "Discharge Diagnosis"] }],
    });

    const bundle = exportNotesJsonBundle(fixed.dataset);
    const wire = JSON.parse(exportedText(bundle));
    expect(wire.conversations[0].turns[1]).toMatchObject({
      correct_answer: "D",
      gold_sources: [{ note_num: 1, headers: ["Chief Complaint", "Discharge Diagnosis"] }],
    });
    const fromBundle = await parse({ [bundle.name]: exportedText(bundle) });
    expect(fromBundle.items).toEqual(fixed.dataset.items);

    const csv = Object.fromEntries(exportChatQaCsv(fixed.dataset).map((f) => [f.name, exportedText(f)]));
    const fromCsv = await parse(csv);
    expect(fromCsv.format).toBe("ehrnote-chatqa-csv");
    expect((fromCsv.items[0] as Conversation).turns).toEqual(expected.turns);
  });

  it("refuses a corrected source option that cites a note the patient does not have", async () => {
    const ds = await notesExample();
    const change = {
      kind: "DISTRACTOR",
      label: "E",
      text: "Note #7 Chartdate: 2150-09-01 Headers: Pertinent Results",
      turnOrder: 2,
    } as const;
    expect(() => correctDataset(ds, [{ item: "900001:microbiology", change, ...turnMeta }])).toThrow(/Note #7/);
  });

  it("names the turn in the change log", async () => {
    const fixed = correctDataset(await notesExample(), [
      { item: "900001:microbiology", change: { kind: "GOLD", answer: "A", turnOrder: 1 }, ...turnMeta },
    ]);
    expect(changeLogMarkdown("T", fixed.changes, fixed.removed)).toContain(
      "**900001:microbiology** — gold (turn 1): B → A. Proposed by R1",
    );
    expect(fixed.changes[0]!.change).toEqual({ kind: "GOLD", answer: "A", turnOrder: 1 });
  });
});

describe("triage", () => {
  const rubric = [{ key: "gold", tieCategory: "uncertain", errorCategory: "incorrect" }];
  it("flags disagreement, error/split categories and corrections", () => {
    expect(
      triageReasons(rubric, {
        ratings: [
          { dimension: "gold", category: "correct" },
          { dimension: "gold", category: "correct" },
        ],
        corrections: 0,
      }),
    ).toEqual([]);
    expect(
      triageReasons(rubric, {
        ratings: [
          { dimension: "gold", category: "correct" },
          { dimension: "gold", category: "incorrect" },
        ],
        corrections: 0,
      }),
    ).toEqual(["disagreement", "flagged"]);
    expect(triageReasons(rubric, { ratings: [{ dimension: "gold", category: "uncertain" }], corrections: 1 })).toEqual([
      "flagged",
      "correction",
    ]);
    // A unanimous item that a rater commented on still goes to the adjudicator.
    expect(
      triageReasons(rubric, {
        ratings: [
          { dimension: "gold", category: "correct" },
          { dimension: "gold", category: "correct" },
        ],
        corrections: 0,
        comments: 1,
      }),
    ).toEqual(["commented"]);
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
