// The web's agreement tool and `clinaudit agreement` read the same file to the same numbers and the
// same warnings: the tool's thread (the upload route's path) against the command line's --json,
// for a long CSV whose ids lost their leading zeros, REDCap's and irrCAC's wide layouts, a Label
// Studio export and the package's own ratings-long.csv; refusals located the same way.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runInMemory } from "@/bin/commands/agreement-harness";
import { ratingsText } from "@/lib/agreement/files/messages";
import { noteInEnglish } from "@/lib/agreement/notes";
import { ratingsLongCsv } from "@/lib/reports";
import { smallAudit } from "@/lib/reports/__fixtures__/small-audit";
import { analyseUploadedRatings } from "./analyse-upload";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agreement-parity-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function both(name: string, text: string) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  const [app, cli] = await Promise.all([analyseUploadedRatings(file, name), runInMemory([name, "--json"], { [name]: text })]);
  return { app, cli };
}

/** Two raters on 24 items; rater B's sheet went through Excel, which dropped the ids' leading zeros. */
function excelLostZeros(): string {
  const rows = ["item,rater,category"];
  for (let i = 1; i <= 24; i++) {
    const id = String(i).padStart(4, "0");
    rows.push(`${id},A,${i % 5 === 0 ? "no" : "yes"}`, `${i % 2 ? id : String(i)},B,${i % 7 === 0 ? "no" : "yes"}`);
  }
  return rows.join("\r\n") + "\r\n";
}

const VOTES = [
  ["s1", "yes", "yes", "yes"],
  ["s2", "yes", "no", "yes"],
  ["s3", "no", "no", "no"],
  ["s4", "yes", "no", ""],
  ["s5", "no", "yes", "no"],
];

function labelStudio(): string {
  const tasks = VOTES.map(([, ...v], t) => ({
    id: 101 + t,
    annotations: v.flatMap((c, g) =>
      c
        ? [
            {
              id: t * 3 + g,
              completed_by: { id: g + 1, email: `r${g + 1}@example.org` },
              result: [{ type: "choices", from_name: "gold", to_name: "text", value: { choices: [c] } }],
              was_cancelled: false,
            },
          ]
        : [],
    ),
  }));
  return JSON.stringify(tasks);
}

const FILES: Record<string, () => string> = {
  "zeros.csv": excelLostZeros,
  "redcap.csv": () =>
    `record_id,redcap_event_name,r1,r2,r3,gold_complete\n${VOTES.map(([i, ...v]) => `${i},arm_1,${v.join(",")},2`).join("\n")}\n`,
  "irrcac.csv": () =>
    `"","r1","r2","r3"\n${VOTES.map(([, ...v], k) => [`"${k + 1}"`, ...v.map((c) => (c ? `"${c}"` : "NA"))].join(",")).join("\n")}\n`,
  "project-3-at-2026.json": labelStudio,
  "ratings-long.csv": () => ratingsLongCsv(smallAudit()),
};

describe("the agreement tool and the command line agree", () => {
  for (const [name, make] of Object.entries(FILES)) {
    it(`${name}: the same coefficients, majority counts, notes and warnings`, async () => {
      const { app, cli } = await both(name, make());
      expect(cli.code, cli.stderr).toBe(0);
      if (!app.ok) throw new Error(`refused: ${JSON.stringify(app)}`);
      const json = JSON.parse(cli.stdout);
      // The tool's notes are codes; --json words them in English.
      const coefficients = app.result.dimensions.map((d) => d.agreement.coefficients);
      expect(JSON.parse(JSON.stringify(coefficients, noteInEnglish))).toEqual(
        json.dimensions.map((d: { coefficients: unknown }) => d.coefficients),
      );
      expect(app.result.dimensions.map((d) => d.agreement.majority.counts)).toEqual(
        json.dimensions.map((d: { majority: { counts: unknown } }) => d.majority.counts),
      );
      expect(app.result.layout).toBe(json.input?.layout ?? "long");
      expect(app.result.warnings.map(ratingsText)).toEqual(json.input?.warnings ?? []);
      expect(app.result.notes.map(ratingsText)).toEqual(json.input?.notes ?? []);
    });
  }

  it("warns of ids that differ only by leading zeros on both paths", async () => {
    const { app } = await both("zeros2.csv", excelLostZeros());
    if (!app.ok) throw new Error("refused");
    expect(app.result.warnings.map((w) => w.code)).toEqual(["categoriesObserved", "idClash", "fewRatings"]);
    expect(app.result.warnings[1]!.values).toMatchObject({ total: 12 });
  });

  it("a refusal is located the same way (line, field, reason)", async () => {
    const { app, cli } = await both("bad.csv", "item,rater,category\nq1,a,yes\nq1,a,no\n");
    expect(cli.code).toBe(2);
    expect(app).toEqual({
      ok: false,
      refused: "invalid",
      error: {
        line: 3,
        field: "rater",
        code: "alreadyRated",
        values: { rater: "a", item: "q1", dimension: "", hasDimension: "no", first: 2, firstKind: "line" },
      },
    });
    expect(cli.stderr).toBe('bad.csv:3: field "rater": "a" already rated item "q1" on line 2\n');
  });
});

describe("a hostile file costs its thread, not the server", () => {
  it("deeply nested JSON (10 MB) is refused located before it is parsed, the event loop free meanwhile", async () => {
    const file = path.join(dir, "deep.json");
    fs.writeFileSync(file, `[{"id":1,\n"data":${"[".repeat(5_000_000)}${"]".repeat(5_000_000)}}]`);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const outcome = await analyseUploadedRatings(file, "deep.json", { heapMb: 64, timeoutMs: 30_000 });
    clearInterval(timer);
    expect(outcome).toEqual({ ok: false, refused: "invalid", error: { line: 2, field: null, code: "tooDeep", values: { max: 100 } } });
    expect(ticks).toBeGreaterThan(0);
  });

  it("a heap the file outgrows ends the thread with tooMuchMemory", async () => {
    const file = path.join(dir, "wide.json");
    const task = (t: number) =>
      `{"id":${t},"annotations":[{"completed_by":${t % 7},"result":[{"type":"choices","from_name":"g","value":{"choices":["y"]}}]}]}`;
    fs.writeFileSync(file, `[${Array.from({ length: 60_000 }, (_, t) => task(t)).join(",")}]`);
    expect(await analyseUploadedRatings(file, "wide.json", { heapMb: 16, timeoutMs: 60_000 })).toEqual({
      ok: false,
      refused: "tooMuchMemory",
    });
  });

  it("more dimensions than a page shows are refused, with the count", async () => {
    const file = path.join(dir, "dims.csv");
    const rows = ["item,rater,category,dimension"];
    for (let d = 0; d < 60; d++) rows.push(`q1,a,yes,d${d}`, `q1,b,no,d${d}`);
    fs.writeFileSync(file, rows.join("\n"));
    expect(await analyseUploadedRatings(file, "dims.csv")).toEqual({ ok: false, refused: "tooManyDimensions", count: 60, limit: 50 });
  });

  it("work past the time limit ends with tooSlow, and the next file is served", async () => {
    const file = path.join(dir, "many-raters.csv");
    const rows = ["item,rater,category"];
    for (let r = 0; r < 3000; r++) rows.push(`q${r % 3},r${r},${r % 2 ? "yes" : "no"}`);
    fs.writeFileSync(file, rows.join("\n"));
    expect(await analyseUploadedRatings(file, "many-raters.csv", { heapMb: 128, timeoutMs: 50 })).toEqual({
      ok: false,
      refused: "tooSlow",
      seconds: 0.05,
    });
    const good = path.join(dir, "good.csv");
    fs.writeFileSync(good, "item,rater,category\nq1,a,yes\nq1,b,yes\n");
    expect((await analyseUploadedRatings(good, "good.csv")).ok).toBe(true);
  });
});
