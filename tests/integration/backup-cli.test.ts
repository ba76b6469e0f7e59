// `clinaudit backup` and `clinaudit restore` as a person runs them: messages and exit codes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { runBackup } from "@/bin/commands/backup";
import { runRestore } from "@/bin/commands/restore";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { buildAudit } from "./backup-world";
import { sqlite, target } from "./databases";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-backup-cli-"));
const saved = process.env.DATABASE_URL;
afterEach(() => (saved === undefined ? delete process.env.DATABASE_URL : (process.env.DATABASE_URL = saved)));
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sqlite.dropAll();
});

async function run(command: typeof runBackup, args: string[], databaseUrl: string) {
  process.env.DATABASE_URL = databaseUrl;
  const out = { stdout: "", stderr: "" };
  const code = await command(args, { stdout: (s) => (out.stdout += s), stderr: (s) => (out.stderr += s) });
  return { code, ...out };
}

describe("clinaudit backup / restore", () => {
  it("backs up, restores into a fresh database, says which accounts need a password, and refuses bad files", async () => {
    const from = await sqlite.create();
    await applyMigrations(target(from));
    const db = createDb(from);
    const auditId = await buildAudit(db);
    await db.$disconnect();
    const file = path.join(dir, "audit.jsonl.gz");

    expect((await run(runBackup, ["--audit"], from)).code).toBe(2);
    expect(await run(runBackup, ["--audit", "nope", "--out", file], from)).toMatchObject({
      code: 1,
      stderr: "clinaudit backup: no audit with id nope\n",
    });
    const backup = await run(runBackup, ["--audit", auditId, "--out", file], from);
    expect(backup).toMatchObject({ code: 0, stdout: expect.stringContaining(`Backed up "Backup audit" (${auditId}) to ${file}`) });
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const into = await sqlite.create();
    const restored = await run(runRestore, [file], into);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored "Backup audit" (${auditId}): 6 items, 24 assignments.`);
    expect(restored.stdout).toContain(
      "Created 5 deactivated account(s) without a usable password: org@example.org, c1@example.org, c2@example.org, c3@example.org, c4@example.org.",
    );
    expect(restored.stdout).toContain("An admin must reset their passwords and activate them");
    expect(await run(runRestore, [file], into)).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Restore refused: audit .* already exists in this database.*Nothing was written\.\n$/),
    });

    const text = zlib.gunzipSync(fs.readFileSync(file)).toString("utf8");
    const edited = path.join(dir, "edited.jsonl");
    fs.writeFileSync(edited, text.replace("Backup audit", "Backup audit (edited)"));
    const refused = await run(runRestore, [edited], await sqlite.create());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^edited\.jsonl:\d+: end\.sha256: .*corrupted or edited\n/);
    expect(refused.stderr).toContain("Restore refused: 1 problem(s). Nothing was written.");
    expect((await run(runRestore, [path.join(dir, "missing.jsonl")], into)).code).toBe(2);
  });
});
