import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { oneQaPredictions, smallConversationDataset, smallMcqDataset } from "./__fixtures__/small-eval";
import { evaluationCsv } from "./export-csv";
import { evaluationJson } from "./export-json";
import { evaluationLatex } from "./export-latex";
import { evaluationText } from "./export-text";
import { buildEvaluationReport } from "./report";
import type { PredictionSetInput } from "./report-types";

const mcq: PredictionSetInput = {
  checksum: "p".repeat(64),
  models: ["m", "gpt_4"],
  scopes: ["Evidence-only", "History-level"],
  rows: [
    ...["A", "B", "C", "A", "A", "C"].map((option, i) => ({ model: "m", scope: "Evidence-only", itemId: `I${i + 1}`, turn: 0, option })),
    ...["A", "A", "C", "A", "B", "B"].map((option, i) => ({ model: "m", scope: "History-level", itemId: `I${i + 1}`, turn: 0, option })),
    ...["A", "B", "C", "D", "A", "B"].map((option, i) => ({
      model: "gpt_4",
      scope: "Evidence-only",
      itemId: `I${i + 1}`,
      turn: 0,
      option,
    })),
  ],
};
// Engine 1: these bytes were pinned before engine 2 existed and must not move.
const report = buildEvaluationReport(smallMcqDataset(), mcq, { replicates: 500, engine: 1 });
const shared = buildEvaluationReport(smallMcqDataset(), mcq, { replicates: 500 });
const sha = (s: string) => createHash("sha256").update(s).digest("hex").slice(0, 16);

describe("evaluation exports", () => {
  it("JSON is the report object, strict and stable", () => {
    const json = evaluationJson(report);
    expect(JSON.parse(json)).toEqual(report);
    expect(json.endsWith("}\n")).toBe(true);
    expect(evaluationJson(buildEvaluationReport(smallMcqDataset(), mcq, { replicates: 500, engine: 1 }))).toBe(json);
    expect(() => evaluationJson({ ...report, accuracy: [{ ...report.accuracy[0]!, correct: NaN }] })).toThrow(/non-finite/);
  });

  it("CSV has one row per statistic with full-precision values", () => {
    const lines = evaluationCsv(report).split("\n");
    expect(lines[0]).toBe("table,model,scope,group,statistic,value");
    const a = report.accuracy[0]!.accuracy;
    expect(lines).toContain("accuracy,m,Evidence-only,,correct,4");
    expect(lines).toContain(`accuracy,m,Evidence-only,,accuracy,${4 / 6}`);
    expect(lines).toContain(`accuracy,m,Evidence-only,,lower,${a.lower}`);
    expect(lines).toContain(`accuracy,m,Evidence-only,,half_width_pp,${a.halfWidthPp}`);
    expect(lines).toContain("delta,m,History-level,Evidence-only,cases,6");
    expect(lines).toContain("decision_points,m,Evidence-only,,first_total,4");
    expect(lines).toContain("chapter,m,Evidence-only,GDM,correct,3");
    expect(lines).toContain('method,m,Evidence-only,,seed,"clinaudit-eval/v1 [""m"",""Evidence-only""]"');
    expect(lines.at(-1)).toBe("");
    // Every data row has exactly six fields.
    for (const line of lines.slice(1, -1)) expect(line.replace(/"[^"]*"/g, "q").split(",")).toHaveLength(6);
  });

  it("LaTeX: booktabs tables with escaped names and typeset signs", () => {
    const tex = evaluationLatex(report);
    const e = report.accuracy[0]!.accuracy;
    expect(tex).toContain(
      `    m & ${e.estimatePp.toFixed(1)} $\\pm$ ${e.halfWidthPp.toFixed(1)} & ${report.accuracy[1]!.accuracy.estimatePp.toFixed(1)} $\\pm$ ${report.accuracy[1]!.accuracy.halfWidthPp.toFixed(1)} \\\\`,
    );
    expect(tex).toContain("    gpt\\_4 & 100.0 $\\pm$ 0.0 & -- \\\\"); // no History-level predictions for gpt_4
    expect(tex).toContain("    m & History-level & 6 & $-$16.7 & ");
    expect(tex).toContain("    m & Evidence-only & 75.0 & 4 & 50.0 & 2 & $-$25.0 & ");
    expect(tex).toContain("\\multicolumn{3}{l}{\\textit{gpt\\_4}} \\\\");
    for (const label of ["accuracy", "deltas", "dp", "chapters", "levels"]) expect(tex).toContain(`\\label{tab:clinaudit-eval-${label}}`);
    expect(tex.match(/\\begin\{table\}/g)).toHaveLength(5);
    expect(tex.endsWith("\\end{table}\n")).toBe(true);
  });

  it("text output names the baseline and lists every pair", () => {
    const text = evaluationText(report);
    expect(text).toContain("baseline Evidence-only");
    expect(text).toMatch(/m\s+History-level\s+6\s+−16\.7/);
  });

  it("the same report gives the same bytes (pinned)", () => {
    expect({
      csv: sha(evaluationCsv(report)),
      tex: sha(evaluationLatex(report)),
      json: sha(evaluationJson(report)),
    }).toMatchInlineSnapshot(`
      {
        "csv": "9d51b226b7956920",
        "json": "0a2da35095565ae5",
        "tex": "f75f8b4a92f23871",
      }
    `);
  });

  it("engine 2 records its engine, the shared draws and degenerate replicates", () => {
    const lines = evaluationCsv(shared).split("\n");
    expect(lines).toContain("method,,,,engine,2");
    expect(lines.some((l) => l.startsWith('method,,,,draws,"common random numbers'))).toBe(true);
    expect(lines).toContain("accuracy,m,Evidence-only,,degenerate_replicates,0");
    expect(lines).toContain("method,m,Evidence-only,,seed,clinaudit-eval/v2 []");
    expect(shared.options).toEqual({ baseline: "Evidence-only", replicates: 500, level: 0.95, seed: null, engine: 2 });
    expect(evaluationJson(shared)).not.toBe(evaluationJson(report));
  });

  it("conversation reports export their own tables", () => {
    const r = buildEvaluationReport(smallConversationDataset(), oneQaPredictions(), { replicates: 50 });
    const tex = evaluationLatex(r);
    expect(tex).toContain("\\label{tab:clinaudit-eval-conversations}");
    expect(tex).toContain("    m & s & 100.0 $\\pm$ 0.0 & 0.0 $\\pm$ 0.0 & 0.0 $\\pm$ 0.0 & 0.0 & 0.0 & n/a \\\\");
    expect(tex).not.toContain("tab:clinaudit-eval-dp");
    const csv = evaluationCsv(r);
    expect(csv).toContain("conversation,m,s,source,qa_accuracy,0\n");
    expect(csv).toContain("qa_category,m,s,labs,total,1\n");
    expect(csv).toContain("notes,m,s,3,paired_total,1\n");
  });
});
