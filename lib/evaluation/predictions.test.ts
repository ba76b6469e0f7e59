import { describe, expect, it } from "vitest";
import { smallConversationDataset, smallMcqDataset } from "./__fixtures__/small-eval";
import { excelSave } from "../formats/__fixtures__/spreadsheet";
import { shownIssue } from "../formats/__fixtures__/helpers";
import { parsePredictions as parse } from "./predictions";

/** The answer with its issues as the command line shows them (located, in English). */
const parsePredictions = async (...args: Parameters<typeof parse>) => {
  const r = await parse(...args);
  return r.ok ? r : { ...r, issues: r.issues.map(shownIssue) };
};

const csv = (name: string, text: string) => ({ name, chunks: [text] });

describe("parsePredictions: decision points", () => {
  it("reads CSV rows in order, with models and scopes in order of first appearance", async () => {
    const r = await parsePredictions(
      csv(
        "p.csv",
        'model,scope,item_id,prediction,raw_output\nm2,Visit-level,I1,A,"says A, probably"\nm1, Evidence-only ,I2,B,\nm2,Evidence-only,I1,C,\n',
      ),
      smallMcqDataset(),
    );
    expect(r).toEqual({
      ok: true,
      predictions: {
        format: "csv",
        models: ["m2", "m1"],
        scopes: ["Visit-level", "Evidence-only"],
        rows: [
          { model: "m2", scope: "Visit-level", itemId: "I1", turn: 0, option: "A", line: 2 },
          { model: "m1", scope: "Evidence-only", itemId: "I2", turn: 0, option: "B", line: 3 },
          { model: "m2", scope: "Evidence-only", itemId: "I1", turn: 0, option: "C", line: 4 },
        ],
      },
    });
  });

  it.each([
    [";", "a European Excel save"],
    ["\t", "a tab-separated file named .csv"],
  ] as const)("reads a CSV separated by %j (%s) as the comma CSV", async (separator, _case) => {
    const rows = [
      ["model", "scope", "item_id", "prediction", "raw_output"],
      ["m2", "Visit-level", "I1", "A", "says A; probably, or B"],
      ["m1", "Evidence-only", "I2", "B", ""],
    ];
    const comma = await parsePredictions(csv("p.csv", excelSave(rows)), smallMcqDataset());
    expect(comma).toMatchObject({ ok: true, predictions: { rows: [{ option: "A" }, { option: "B" }] } });
    expect(await parsePredictions(csv("p.csv", excelSave(rows, { separator, bom: true })), smallMcqDataset())).toEqual(comma);
  });

  it("reads JSONL with aliases (instance_id, option) and detects it without an extension", async () => {
    const text =
      '{"model":"m","input_scope":"Agent","instance_id":"I3","option":"C"}\n\n{"model":"m","scope":"Agent","item_id":"I4","prediction":"A"}\n';
    const r = await parsePredictions(csv("predictions", text), smallMcqDataset());
    expect(r.ok && r.predictions.format).toBe("jsonl");
    expect(r.ok && r.predictions.rows.map((x) => [x.itemId, x.option, x.line])).toEqual([
      ["I3", "C", 1],
      ["I4", "A", 3],
    ]);
  });

  it("locates every problem (file:line, field) and returns no rows", async () => {
    const text = [
      "model,scope,item_id,prediction",
      "m,Agent,I1,A",
      "m,Agent,I9,A", // unknown item
      "m,Agent,I2,E", // not an option
      "m,Agent,I1,B", // duplicate of line 2
      ",Agent,I3,A", // missing model
      "m,Agent,I4", // too few fields
      `${"x".repeat(101)},Agent,I5,A`, // name too long
    ].join("\n");
    const r = await parsePredictions(csv("bad.csv", text), smallMcqDataset());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.total).toBe(6);
    expect(r.issues).toEqual([
      { file: "bad.csv", line: 3, record: 2, field: "item_id", message: 'unknown item "I9": not in this dataset' },
      { file: "bad.csv", line: 4, record: 3, field: "prediction", message: '"E" is not an option of item I2 (options: A, B, C, D)' },
      { file: "bad.csv", line: 5, record: 4, field: "(record)", message: 'duplicate: model "m", scope "Agent", I1 already on line 2' },
      { file: "bad.csv", line: 6, record: 5, field: "model", message: "required field is missing" },
      { file: "bad.csv", line: 7, record: 6, field: "(record)", message: "3 fields, but the header has 4" },
      { file: "bad.csv", line: 8, record: 7, field: "model", message: "at most 100 characters, got 101" },
    ]);
  });

  it("says every problem as a domain code with values, which the web words per language", async () => {
    const text = ["model,scope,item_id,prediction", "m,Agent,I9,A", "m,Agent,I2,E", "m,Agent,I4"].join("\n");
    const r = await parse(csv("bad.csv", text), smallMcqDataset());
    expect(!r.ok && r.issues.map(({ code, values }) => ({ code, values }))).toEqual([
      { code: "evaluation.unknownItem", values: { item: "I9" } },
      { code: "evaluation.notAnOption", values: { option: "E", turn: "none", item: "I2", options: "A, B, C, D" } },
      { code: "evaluation.fieldCount", values: { fields: "3", header: "4" } },
    ]);
  });

  it("reports missing columns once, on the header", async () => {
    const r = await parsePredictions(csv("h.csv", "model,item,choice\nm,I1,A\n"), smallMcqDataset());
    expect(r).toEqual({
      ok: false,
      total: 2,
      issues: [
        { file: "h.csv", line: 1, field: "(header)", message: "missing column scope" },
        { file: "h.csv", line: 1, field: "(header)", message: "missing column item_id" },
      ],
    });
  });

  it("refuses two columns for one field, turns on decision points, and bad JSONL lines", async () => {
    const both = await parsePredictions(csv("b.csv", "model,scope,item_id,choice,prediction\nm,s,I1,A,B\n"), smallMcqDataset());
    expect(!both.ok && both.issues[0]).toMatchObject({
      line: 1,
      field: "prediction",
      message: '"choice" and "prediction" both give the prediction; keep one',
    });
    const turn = await parsePredictions(
      csv("t.jsonl", '{"model":"m","scope":"s","item_id":"I1","turn":1,"prediction":"A"}\n[1]\n{oops\n'),
      smallMcqDataset(),
    );
    expect(!turn.ok && turn.issues).toEqual([
      { file: "t.jsonl", line: 1, record: 1, field: "turn", message: "decision-point items have no turns: leave it empty" },
      { file: "t.jsonl", line: 2, record: 2, field: "(record)", message: "each line must be one JSON object" },
      expect.objectContaining({ line: 3, record: 3, field: "(json)" }),
    ]);
  });

  it("caps the listed issues but counts them all; an empty file is an issue", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `m,s,X${i},A`).join("\n");
    const r = await parsePredictions(csv("many.csv", `model,scope,item_id,prediction\n${rows}\n`), smallMcqDataset(), { maxIssues: 5 });
    expect(!r.ok && [r.issues.length, r.total]).toEqual([5, 30]);
    const empty = await parsePredictions(csv("e.csv", "model,scope,item_id,prediction\n"), smallMcqDataset());
    expect(!empty.ok && empty.issues).toEqual([{ file: "e.csv", field: "(file)", message: "no predictions in the file" }]);
  });
});

describe("parsePredictions: a gold column is never a prediction", () => {
  // The trap: a model-output file that still carries the benchmark's gold letter. With
  // `answer` read as the prediction it scored 100 % silently.
  const GOLD = { I1: "A", I2: "B", I3: "C", I4: "D", I5: "A", I6: "B" };
  const rows = Object.entries(GOLD).map(([id, gold]) => `m,s,${id},${gold},"I think B"`);

  it("refuses a CSV whose only answer-like column is the gold one, naming it", async () => {
    const r = await parsePredictions(csv("out.csv", ["model,scope,item_id,answer,raw_output", ...rows].join("\n")), smallMcqDataset());
    expect(r).toEqual({
      ok: false,
      total: 1,
      issues: [
        {
          file: "out.csv",
          line: 1,
          field: "(header)",
          message:
            'missing column prediction (no prediction column: "answer" holds the benchmark\'s gold answer and is never read as a prediction; name the model\'s column "prediction")',
        },
      ],
    });
    const both = await parsePredictions(csv("o.csv", "model,scope,item_id,correct_answer,gold\nm,s,I1,A,A\n"), smallMcqDataset());
    expect(!both.ok && both.issues[0]?.message).toContain('"correct_answer", "gold" hold the benchmark\'s gold answer');
  });

  it("refuses JSONL records that give only a gold answer, and ignores the gold column beside a prediction", async () => {
    const r = await parsePredictions(
      csv("out.jsonl", '{"model":"m","scope":"s","item_id":"I1","correct_answer":"A"}\n'),
      smallMcqDataset(),
    );
    expect(!r.ok && r.issues).toEqual([
      {
        file: "out.jsonl",
        line: 1,
        record: 1,
        field: "prediction",
        message:
          'no prediction column: "correct_answer" holds the benchmark\'s gold answer and is never read as a prediction; name the model\'s column "prediction"',
      },
    ]);
    const ok = await parsePredictions(csv("p.csv", "model,scope,item_id,answer,prediction\nm,s,I1,A,C\n"), smallMcqDataset());
    expect(ok.ok && ok.predictions.rows.map((x) => x.option)).toEqual(["C"]);
  });
});

describe("parsePredictions: conversations", () => {
  it("names turns by conversation id or subject (+ category) and turn_order", async () => {
    const text = [
      "model,scope,item_id,subject_id,qa_category,turn_order,prediction",
      "m,s,900001:labs,,,1,A",
      "m,s,,900001,labs,2,B",
      "m,s,,900002,,1,B",
      "m,s,,900002,,2,C",
    ].join("\n");
    const r = await parsePredictions(csv("c.csv", text), smallConversationDataset());
    expect(r.ok && r.predictions.rows.map((x) => [x.itemId, x.turn, x.option])).toEqual([
      ["900001:labs", 1, "A"],
      ["900001:labs", 2, "B"],
      ["900002:labs", 1, "B"],
      ["900002:labs", 2, "C"],
    ]);
  });

  it("locates unknown turns, ambiguous subjects and a content turn without its source turn", async () => {
    const text = [
      "model,scope,item_id,subject_id,turn,prediction",
      "m,s,900001:labs,,9,A",
      "m,s,,900001,1,A",
      "m,s,,900003,1,A",
      "m,s,900001:labs,900002,1,A",
      "m,s,900001:labs,,,A",
    ].join("\n");
    const r = await parsePredictions(csv("c.csv", text), smallConversationDataset());
    expect(!r.ok && r.issues.map((i) => [i.line, i.field, i.message])).toEqual([
      [2, "turn", "900001:labs has no turn 9 (turns 1, 2, 3, 4)"],
      [3, "qa_category", "required: subject 900001 has 2 conversations (labs, meds)"],
      [4, "subject_id", 'unknown subject "900003": no conversation of this subject in the dataset'],
      [5, "subject_id", "item 900001:labs belongs to 900001, not 900002"],
      [6, "turn", "required field is missing: the turn_order of the answered turn"],
    ]);
    const half = await parsePredictions(
      csv("h.csv", "model,scope,item_id,turn,prediction\nm,s,900002:labs,1,B\n"),
      smallConversationDataset(),
    );
    expect(!half.ok && half.issues).toEqual([
      {
        file: "h.csv",
        line: 2,
        field: "turn",
        message: 'content turn 1 of 900002:labs is predicted without its source turn 2 (model "m", scope "s")',
      },
    ]);
  });
});
