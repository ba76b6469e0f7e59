// `clinaudit import` on an EHRNote-ChatQA release directory as shipped: findings listed, and
// `--strict` refusing them as located errors with nothing written.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { runImport } from "@/bin/commands/import";
import { createDb } from "@/lib/db/client";
import { chatQaRelease } from "@/lib/formats/__fixtures__/notes-release";
import { sqlite } from "./databases";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-import-cli-"));
const saved = process.env.DATABASE_URL;
afterEach(() => (saved === undefined ? delete process.env.DATABASE_URL : (process.env.DATABASE_URL = saved)));
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sqlite.dropAll();
});

async function run(args: string[], databaseUrl: string) {
  process.env.DATABASE_URL = databaseUrl;
  const out = { stdout: "", stderr: "" };
  const code = await runImport(args, { stdout: (s) => (out.stdout += s), stderr: (s) => (out.stderr += s) });
  return { code, ...out };
}

describe("clinaudit import", () => {
  it("lists findings; --strict refuses them, located; unknown options are refused", async () => {
    const files = Object.entries(chatQaRelease()).map(([name, text]) => {
      fs.writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    });
    const url = await sqlite.create();
    const strict = await run([...files, "--strict"], url);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(
      "questions.csv:6: option_e: duplicate option: option_e same as option_a (duplicates the correct answer A: unscorable) (a data-quality finding; refused in strict mode)",
    );
    expect(strict.stderr).toContain("Import rejected: 3 problem(s). Nothing was written.");
    const db = createDb(url);
    expect(await db.dataset.count()).toBe(0);

    const ok = await run([...files, "--name", "chatqa"], url);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      /^Imported chatqa v1: 2 patients, 0 events, 3 notes, 2 items in [\d.]+ s\.\n3 data-quality finding\(s\) imported with it \(1 duplicate_option, 1 empty_question, 1 missing_section\)/,
    );
    expect(await db.datasetFinding.count()).toBe(3);
    // The import report: each file read, each file of the release it does not read, with why.
    expect(ok.stdout.slice(ok.stdout.indexOf("Import report"))).toBe(
      [
        "Import report (ehrnote-chatqa-csv):",
        "  notes.csv → notes: 3 records",
        "  questions.csv → questions: 8 records",
        "  Ignored (2):",
        "    data_dictionary.csv: a table whose header (file, column, type, description) is not that of any file of the ehrnote-chatqa-csv layout",
        "    SHA256SUMS.txt: neither its name nor its first record is that of a file of the ehrnote-chatqa-csv layout",
        "  Stored: 2 patients, 0 events, 3 notes, 2 items, 8 turns",
        "",
      ].join("\n"),
    );
    // The same files again: nothing changes, and the report kept with that version is printed.
    const again = await run([...files, "--name", "chatqa"], url);
    expect(again.stdout).toMatch(/^Already imported as chatqa v1: nothing changed\.\nImport report \(ehrnote-chatqa-csv\):\n/);
    expect(again.stdout).toContain("    SHA256SUMS.txt: neither its name");
    await db.$disconnect();

    expect((await run([...files, "--strcit"], url)).code).toBe(2);
  }, 120_000); // each import starts its capped thread (seconds on a loaded machine)
});
