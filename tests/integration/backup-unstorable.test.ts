// Issue 31, finding 5: a backup made on SQLite before comments were checked may hold NUL
// characters and lone surrogates; PostgreSQL refused them (22021) and the restore failed. It now
// restores on both engines with U+FFFD in their place, and says how many fields it cleaned.
import { afterAll, describe, expect, it } from "vitest";
import { smallRecords, writeBackup } from "@/lib/backup/__fixtures__/small-backup";
import type { BackupRecord } from "@/lib/backup/format";
import { restoreAudit } from "@/lib/server/backup/restore-audit";
import { DATABASES, freshDb } from "./databases";

/** The small backup with a NUL in a comment, a lone surrogate in a rationale and a NUL in an item's question. */
function oldBackup(): string {
  const records = smallRecords().map((r): BackupRecord => {
    if (r.type === "item" && r.externalId === "I1") return { ...r, question: "Q\u0000?" };
    if (r.type !== "assignment") return r;
    if (r.id === "as0") return { ...r, comment: "before\u0000after" };
    return { ...r, corrections: r.corrections.map((c) => ({ ...c, rationale: "half \ud83d of a pair" })) };
  });
  return writeBackup(records);
}

describe.each(DATABASES)("restoring an old backup with NUL characters and lone surrogates into $name", (database) => {
  afterAll(() => database.dropAll());

  it("restores every row with U+FFFD in their place and counts the fields", async () => {
    const db = await freshDb(database);
    const text = oldBackup();
    expect(text).toContain("before\\u0000after");
    const outcome = await restoreAudit(db, null, {
      name: "old.jsonl",
      open: async function* () {
        yield text;
      },
    });
    expect(outcome).toMatchObject({ status: "restored" });
    expect(outcome.status === "restored" && outcome.warnings).toContainEqual(
      expect.stringMatching(/^3 text fields held NUL characters or lone UTF-16 surrogates/),
    );
    expect((await db.assignment.findUniqueOrThrow({ where: { id: "as0" } })).comment).toBe("before\ufffdafter");
    expect((await db.correction.findUniqueOrThrow({ where: { id: "c1" } })).rationale).toBe("half \ufffd of a pair");
    expect((await db.item.findFirstOrThrow({ where: { externalId: "I1" } })).question).toBe("Q\ufffd?");
    await db.$disconnect();
  });
});
