// The benchmarks' own reply files, read through the real importer's view of the benchmark,
// and scored both by ClinAudit and by a plain re-implementation of the benchmark's formulas.
import { describe, expect, it } from "vitest";
import {
  CHATQA_REPLIES,
  chatQaAnswersCsv,
  chatQaRelease,
  EHRNOTEQA_ROWS,
  ehrNoteQaJsonl,
  ehrNoteQaOutputCsv,
  answersCsv,
} from "./__fixtures__/benchmark-files";
import { parseCsv } from "../formats/csv";
import { excelSave } from "../formats/__fixtures__/spreadsheet";
import { evalDatasetFromFiles, type EvalDataset } from "./eval-dataset";
import { parsePredictions, type ParsedPredictions } from "./predictions";
import { buildEvaluationReport } from "./report";
import { replySource, type ReplyFileOptions } from "./reply-files";

async function dataset(files: Record<string, string>): Promise<EvalDataset> {
  const r = await evalDatasetFromFiles(Object.entries(files).map(([name, text]) => ({ name, open: () => [text] })));
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.dataset;
}

async function parsed(name: string, text: string, ds: EvalDataset, options: ReplyFileOptions = {}): Promise<ParsedPredictions> {
  const r = await parsePredictions({ name, chunks: [text] }, ds, options);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.predictions;
}

async function issues(name: string, text: string, ds: EvalDataset, options: ReplyFileOptions = {}) {
  const r = await parsePredictions({ name, chunks: [text] }, ds, options);
  return r.ok ? [] : r.issues.map((i) => [i.line, i.field, i.message]);
}

function report(ds: EvalDataset, p: ParsedPredictions, fileName: string) {
  const replies = replySource(p.format, fileName, p.models);
  return buildEvaluationReport(
    ds,
    { checksum: "x", models: p.models, scopes: p.scopes, rows: p.rows, ...(replies && { replies }) },
    { replicates: 200 },
  );
}

/**
 * scoring/multiturn_qa_scoring.py's formulas, written out plainly: per subject, every gold
 * key is scored (a missing key is wrong), content = keys without "-", source = keys with "-",
 * paired N = N and N-1 both right; QA level = Σ correct / Σ keys; sample level = share of
 * subjects with all right; mean-per-sample = mean of per-subject ratios. Letters come from
 * the fixture's table, not from our extraction.
 */
function benchmarkScores() {
  const gold = new Map(chatQaReleaseGold());
  const acc = { content: [0, 0], source: [0, 0], paired: [0, 0] } as Record<string, [number, number]>;
  const all = { content: 0, source: 0, paired: 0 } as Record<string, number>;
  const mean = { content: 0, source: 0, paired: 0 } as Record<string, number>;
  let unparseable = 0;
  for (const row of CHATQA_REPLIES) {
    const qa = gold.get(row.subject)!;
    const right = (k: string) => row.replies[k]?.[1] != null && row.replies[k]![1] === qa[k];
    for (const k of Object.keys(qa)) if (!row.replies[k] || row.replies[k]![1] === null) unparseable++;
    const content = Object.keys(qa)
      .filter((k) => !k.includes("-"))
      .map(right);
    const source = Object.keys(qa)
      .filter((k) => k.includes("-"))
      .map(right);
    const paired = Object.keys(qa)
      .filter((k) => !k.includes("-"))
      .map((k) => right(k) && right(`${k}-1`));
    for (const [name, scores] of [
      ["content", content],
      ["source", source],
      ["paired", paired],
    ] as const) {
      const hits = scores.filter(Boolean).length;
      acc[name]![0] += hits;
      acc[name]![1] += scores.length;
      if (hits === scores.length) all[name]! += 1;
      mean[name]! += hits / scores.length;
    }
  }
  const n = CHATQA_REPLIES.length;
  return {
    qa: { content: acc.content![0] / acc.content![1], source: acc.source![0] / acc.source![1], paired: acc.paired![0] / acc.paired![1] },
    sample: { content: all.content! / n, source: all.source! / n, paired: all.paired! / n },
    mean: { content: mean.content! / n, source: mean.source! / n, paired: mean.paired! / n },
    unparseable,
  };
}

function chatQaReleaseGold(): [string, Record<string, string>][] {
  const lines = chatQaRelease()["questions.csv"].trim().split("\n").slice(1);
  const out = new Map<string, Record<string, string>>();
  for (const line of lines) {
    const f = line.split(",");
    const [subject, , , index, type] = f;
    const key = type === "content" ? index! : `${index}-1`;
    out.set(subject!, { ...(out.get(subject!) ?? {}), [key]: f[f.length - 1]! });
  }
  return [...out];
}

describe("EHRNote-ChatQA answers_<model>.csv", () => {
  it("reads every turn of every answered conversation; a missing, empty or letterless reply is null", async () => {
    const ds = await dataset(chatQaRelease());
    const p = await parsed("answers_Llama-3.1-8B-Instruct.csv", chatQaAnswersCsv(), ds);
    expect(p.format).toBe("ehrnote-chatqa-answers");
    expect(p.models).toEqual(["Llama-3.1-8B-Instruct"]);
    expect(p.scopes).toEqual(["all notes"]);
    expect(p.rows).toHaveLength(16);
    expect(p.rows.filter((r) => r.option === null).map((r) => [r.itemId, r.turn])).toEqual([
      ["910001:medication", 4],
      ["910003:procedure", 2],
      ["910003:procedure", 4],
      ["910004:microbiology", 3],
    ]);
    // the letter each reply gives is the one the fixture table says the benchmark reads
    for (const r of p.rows) {
      const key = r.turn % 2 ? String((r.turn + 1) / 2) : `${r.turn / 2}-1`;
      const [subject] = r.itemId.split(":");
      expect(r.option).toBe(CHATQA_REPLIES.find((x) => x.subject === subject)!.replies[key]?.[1] ?? null);
    }
  });

  it("scores exactly as the benchmark's own formulas, unparseable replies counted wrong and listed", async () => {
    const ds = await dataset(chatQaRelease());
    const r = report(ds, await parsed("answers_Llama-3.1-8B-Instruct.csv", chatQaAnswersCsv(), ds), "answers_Llama-3.1-8B-Instruct.csv");
    const b = benchmarkScores();
    const c = r.conversations[0]!;
    for (const k of ["content", "source", "paired"] as const) {
      expect(c[k].qa.accuracy).toBeCloseTo(b.qa[k], 12);
      expect(c[k].sampleAllCorrect).toBeCloseTo(b.sample[k], 12);
      expect(c[k].sampleMean).toBeCloseTo(b.mean[k], 12);
    }
    expect(r.accuracy[0]!.accuracy.estimate).toBeCloseTo(b.qa.paired, 12);
    expect(r.replies).toEqual({
      format: "ehrnote-chatqa-answers",
      entries: [
        {
          model: "Llama-3.1-8B-Instruct",
          scope: "all notes",
          rule: "default",
          replies: 16,
          unparseable: b.unparseable,
          cases: expect.any(Array),
        },
      ],
    });
    expect(b.unparseable).toBe(4);
  });

  it("takes the model and scope given, and the DeepSeek / Gemini rule from the names", async () => {
    const ds = await dataset(chatQaRelease());
    const p = await parsed("run.csv", chatQaAnswersCsv(), ds, { model: "DeepSeek-R1-Distill-Qwen-7B", scope: "notes 1-2" });
    expect([p.models, p.scopes]).toEqual([["DeepSeek-R1-Distill-Qwen-7B"], ["notes 1-2"]]);
    expect(replySource(p.format, "run.csv", p.models)?.rules).toEqual({ "DeepSeek-R1-Distill-Qwen-7B": "deepseek" });
    expect(replySource("csv", "p.csv", ["m"])).toBeUndefined();
  });

  it("refuses what the benchmark's scorer would drop silently, located", async () => {
    const ds = await dataset(chatQaRelease());
    const text = [
      "subject_id,qa_category,model_answer",
      '910001,medication,"{""1"": ""A"", ""9"": ""B""}"',
      "910002,diagnosis,",
      "910003,procedure,{oops",
      '999999,x,"{""1"": ""A""}"',
      '910004,microbiology,"{}"',
      '910002,diagnosis,"[1]"',
    ].join("\n");
    expect(await issues("answers_m.csv", text, ds)).toEqual([
      [2, "model_answer", 'unknown turn key "9" for 910001:medication (its turns: 1, 1-1, 2, 2-1, 3, 3-1)'],
      [
        3,
        "model_answer",
        'empty: expected a JSON object of replies keyed by turn ("1", "1-1", …); the benchmark\'s scorer would drop this subject silently',
      ],
      [4, "model_answer", expect.stringMatching(/^not JSON/)],
      [5, "subject_id", 'unknown subject "999999": no conversation of this subject in the dataset'],
      [6, "model_answer", "no replies: {} (the benchmark's scorer would drop this subject silently)"],
      [7, "model_answer", 'expected a JSON object of replies keyed by turn ("1", "1-1", …)'],
    ]);
    const generate = answersCsv([{ subject: "910002", category: "diagnosis", replies: { "1": "free text", "1-1": "more" } }]);
    expect((await issues("answers_m_generate.csv", generate, ds))[0]?.[2]).toMatch(
      /free-text \(--generate\) answer file holds no option letters/,
    );
  });
});

describe("EHRNoteQA output CSV", () => {
  const files = { "EHRNoteQA.jsonl": ehrNoteQaJsonl() };
  const name = "ours_multichoice_gpt-4-1106-preview_EHRNoteQA_processed.csv";

  it("finds the model's column by elimination and scores single-turn questions with a clustered interval", async () => {
    const ds = await dataset(files);
    const p = await parsed(name, ehrNoteQaOutputCsv("gpt-4-1106-preview", ["gpt-4-1106-preview_gpt4_eval"]), ds);
    expect([p.format, p.models]).toEqual(["ehrnoteqa-output", ["gpt-4-1106-preview"]]);
    expect(p.rows.map((r) => [r.itemId, r.option])).toEqual([
      ["920001:q1", "C"],
      ["920002:q1", "B"],
      ["920003:q1", null],
      ["920003:q2", null],
      ["920004:q1", "D"],
    ]);
    const r = report(ds, p, name);
    expect(r.kind).toBe("single-turn");
    const expected = EHRNOTEQA_ROWS.filter((x) => x.letter === x.gold).length / EHRNOTEQA_ROWS.length;
    expect(r.accuracy[0]).toMatchObject({ correct: 2, total: 5, patients: 4, accuracy: { estimate: expected } });
    expect(r.accuracy[0]!.accuracy.lower).toBeLessThanOrEqual(expected);
    expect(r.conversations).toEqual([]);
    expect(r.replies?.entries[0]).toMatchObject({
      replies: 5,
      unparseable: 2,
      cases: [
        { itemId: "920003:q1", turn: 1 },
        { itemId: "920003:q2", turn: 1 },
      ],
    });
  });

  it("refuses a file where no column, or several, could be the model's, naming them; a gold column never", async () => {
    const ds = await dataset(files);
    expect(await issues(name, ehrNoteQaOutputCsv("gpt-4", ["category"]), ds)).toEqual([
      [1, "(header)", 'several columns could hold the model\'s replies: "category", "gpt-4"; name the model to choose one'],
    ]);
    expect((await parsed(name, ehrNoteQaOutputCsv("gpt-4", ["category"]), ds, { model: "gpt-4" })).models).toEqual(["gpt-4"]);
    const inputsOnly = ehrNoteQaOutputCsv("x")
      .replace(/,x\n/, "\n")
      .replace(/,[^,\n]*\n/g, "\n");
    expect((await issues(name, inputsOnly, ds))[0]?.[2]).toMatch(
      /^no model column: every column is one of EHRNoteQA's inputs .*"answer" is the gold letter and is never read as a prediction/,
    );
    expect(await issues(name, ehrNoteQaOutputCsv("gpt-4"), ds, { model: "answer" })).toEqual([
      [1, "(header)", "\"answer\" is one of the benchmark's input columns (the gold answer), never the model's replies"],
    ]);
  });
});

describe("reply files as spreadsheets save them", () => {
  /** The rows of a comma CSV, saved back by Excel with another separator. */
  async function resaved(text: string, separator: ";" | "\t"): Promise<string> {
    const rows: string[][] = [];
    for await (const rec of parseCsv([text])) rows.push(rec.fields);
    return excelSave(rows, { separator, bom: separator === ";" });
  }

  it.each([
    [";", "a European Excel save"],
    ["\t", "a tab-separated file named .csv"],
  ] as const)("answers_<model>.csv with %j (%s) reads as the comma file does", async (separator, _case) => {
    const ds = await dataset(chatQaRelease());
    const name = "answers_Llama-3.1-8B-Instruct.csv";
    const comma = await parsed(name, chatQaAnswersCsv(), ds);
    expect(await parsed(name, await resaved(chatQaAnswersCsv(), separator), ds)).toEqual(comma);
  });

  it.each([
    [";", "a European Excel save"],
    ["\t", "a tab-separated file named .csv"],
  ] as const)("EHRNoteQA output CSV with %j (%s) reads as the comma file does", async (separator, _case) => {
    const ds = await dataset({ "EHRNoteQA.jsonl": ehrNoteQaJsonl() });
    const name = "ours_multichoice_gpt-4-1106-preview_EHRNoteQA_processed.csv";
    const text = ehrNoteQaOutputCsv("gpt-4-1106-preview", ["gpt-4-1106-preview_gpt4_eval"]);
    const comma = await parsed(name, text, ds);
    expect(await parsed(name, await resaved(text, separator), ds)).toEqual(comma);
  });
});
