import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readLines } from "../formats/jsonl";
import { smallRecords, writeBackup } from "./__fixtures__/small-backup";
import type { AssignmentRecord, AuditItemRecord, BackupRecord } from "./format";
import { BackupChangedError, readBackupRecords, validateBackup } from "./reader";

const validate = (text: string) => validateBackup("b.jsonl", readLines([text]));
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

async function problems(text: string) {
  const r = await validate(text);
  if (r.ok) throw new Error("expected the file to be refused");
  return r.issues.map((i) => `${i.line ?? "-"}: ${i.field}: ${i.message}`);
}

function edit(change: (records: BackupRecord[]) => void): string {
  const records = smallRecords();
  change(records);
  return writeBackup(records);
}

describe("backup file", () => {
  it("accepts what the writer wrote and plans the restore from it", async () => {
    const r = await validate(writeBackup());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.plan.audit.id).toBe("au1");
    expect(r.plan.users.map((u) => u.email)).toEqual(["org@example.org", "a@example.org", "b@example.org"]);
    expect(r.plan.counts).toEqual({ dataset: 1, patient: 1, item: 2, user: 3, audit: 1, auditItem: 1, assignment: 2 });
  });

  it("accepts a conversation audit's per-turn ratings and its final labels, whole-item (as stored before) or per turn", async () => {
    // saveAdjudication stored a per-turn dimension's final label for the whole item ("gold") before
    // adjudication was per turn, and ratings per turn ("gold@t1"): such backups must still come back.
    const text = edit((rs) => {
      const audit = rs.find((r) => r.type === "audit") as { rubric: { perTurn?: string }[] };
      audit.rubric[0]!.perTurn = "content";
      for (const a of rs.filter((r): r is AssignmentRecord => r.type === "assignment")) a.ratings[0]!.dimension = "gold@t1";
    });
    expect(await validate(text)).toMatchObject({ ok: true });
    // A per-turn key in final labels, as saveAdjudication stores them now, and a wrong one located.
    const perTurn = edit((rs) => {
      const audit = rs.find((r) => r.type === "audit") as { rubric: { perTurn?: string }[] };
      audit.rubric[0]!.perTurn = "content";
      for (const a of rs.filter((r): r is AssignmentRecord => r.type === "assignment")) a.ratings[0]!.dimension = "gold@t1";
      const item = rs.find((r) => r.type === "auditItem") as { adjudication: { finalLabels: Record<string, string> } };
      item.adjudication.finalLabels = { "gold@t1": "incorrect", "gold@t2": "correct" };
    });
    expect(await validate(perTurn)).toMatchObject({ ok: true });
    const wrong = edit((rs) => {
      const item = rs.find((r) => r.type === "auditItem") as { adjudication: { finalLabels: Record<string, string> } };
      item.adjudication.finalLabels = { "gold@t1": "incorrect" };
    });
    expect((await problems(wrong)).join("\n")).toMatch(
      /: auditItem\.adjudication\.finalLabels\.gold@t1: "gold@t1" is not a dimension of the audit's rubric/,
    );
  });

  it("carries the dataset's import report; older backups without one still read; a malformed one is located", async () => {
    const report = {
      format: "ehr-decision-mcq-json",
      files: [{ name: "bench.json", readAs: "bundle", records: 3, notes: [], skipped: [{ what: "Coverage", count: 1, reason: "r" }] }],
      ignored: [{ name: "README.md", key: "content", reason: "not read", detail: { format: "ehr-decision-mcq-json" } }],
      totals: { patients: 1, events: 1, notes: 0, items: 2, turns: 0 },
    };
    const withReport = edit((rs) => Object.assign(rs[0]!, { importReport: report }));
    const r = await validate(withReport);
    expect(r.ok && r.plan.dataset.importReport).toEqual(report);
    const older = await validate(writeBackup());
    expect(older.ok && !("importReport" in older.plan.dataset)).toBe(true);
    const bad = edit((rs) => Object.assign(rs[0]!, { importReport: { ...report, files: [{ name: "x" }] } }));
    expect((await problems(bad)).join("\n")).toMatch(/^2: dataset\.importReport\.files\[0\]\.records: /m);
  });

  it("holds no password or hash", () => {
    expect(writeBackup()).not.toMatch(/password/i);
  });

  it("refuses another file with one located message", async () => {
    expect(await problems('{"format":"something-else"}\n')).toEqual([
      '1: header.format: not a ClinAudit audit backup (the first line must have "format": "clinaudit-audit-backup")',
    ]);
    expect(await problems("not json at all\n")).toEqual([expect.stringMatching(/^1: \(json\): invalid JSON/)]);
  });

  it("refuses another format version", async () => {
    const text = writeBackup().replace('"formatVersion":3', '"formatVersion":4');
    expect(await problems(text)).toEqual([
      "1: header.formatVersion: backup format version 4 is not supported: this ClinAudit reads versions 1, 2 and 3",
    ]);
    // Versions 1 (no trail records) and 2 (no access records) are still read.
    for (const old of ['"formatVersion":1', '"formatVersion":2'])
      expect(await problems(writeBackup().replace('"formatVersion":3', old))).toEqual([expect.stringMatching(/end\.sha256/)]);
  });

  it("detects an edit through the SHA-256, at the end line", async () => {
    const text = writeBackup().replace('"category":"correct"', '"category":"incorrect"');
    const end = text.trimEnd().split("\n").length;
    expect(await problems(text)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${end}: end.sha256: the content's SHA-256 is [0-9a-f]{64}, the file says [0-9a-f]{64}: the file was corrupted or edited$`,
        ),
      ),
    ]);
  });

  it("detects a truncated file", async () => {
    const text = writeBackup().trimEnd().split("\n").slice(0, -2).join("\n");
    expect(await problems(text)).toContain(`${text.split("\n").length}: end: the file ends before its end line: it is truncated`);
  });

  it("locates a bad value by line and path, even with a matching digest", async () => {
    const text = edit((rs) => ((rs.at(-1) as AssignmentRecord).ratings[0]!.category = "maybe"));
    const line = lineOf(text, '"id":"as1"');
    expect(await problems(text)).toEqual([`${line}: assignment.ratings[0].category: "maybe" is not a category of the dimension "gold"`]);
  });

  it("reads an item's thread; locates a message by an unknown author or a repeated id", async () => {
    const item = (rs: BackupRecord[]) => rs.find((r) => r.type === "auditItem") as AuditItemRecord;
    const message = (id: string, author: string) => ({ id, author, text: "Gold?\n同意。", createdAt: "2026-12-01T10:00:00.000Z" });
    expect((await validate(edit((rs) => (item(rs).messages = [message("m1", "org@example.org")])))).ok).toBe(true);
    const text = edit((rs) => (item(rs).messages = [message("m1", "zed@example.org"), message("m1", "a@example.org")]));
    const line = lineOf(text, '"type":"auditItem"');
    expect(await problems(text)).toEqual([
      `${line}: auditItem.messages[0].author: zed@example.org is not among the file's user records`,
      `${line}: auditItem.messages[1].id: duplicate threadMessage id "m1"`,
    ]);
  });

  it("locates a shape error (zod) by line and path", async () => {
    const text = edit((rs) => ((rs.at(-1) as AssignmentRecord).assignedAt = "yesterday"));
    expect(await problems(text)).toEqual([expect.stringMatching(new RegExp(`^${lineOf(text, '"id":"as1"')}: assignment.assignedAt: `))]);
  });

  it("checks the audit's rubric where it is, without rewriting it", async () => {
    const text = edit((rs) => {
      const audit = rs.find((r) => r.type === "audit") as { rubric: { tieCategory: string; label: string }[] };
      audit.rubric[0]!.tieCategory = "nope";
    });
    expect(await problems(text)).toEqual([
      `${lineOf(text, '"type":"audit"')}: audit.rubric[0].tieCategory: The tie category must be one of the categories`,
    ]);
    const padded = edit((rs) => ((rs.find((r) => r.type === "audit") as { rubric: { label: string }[] }).rubric[0]!.label = "  Gold  "));
    const ok = await validate(padded);
    expect(ok.ok && (ok.plan.audit.rubric as { label: string }[])[0]!.label).toBe("  Gold  ");
  });

  it("refuses dangling references and duplicates", async () => {
    const text = edit((rs) => {
      (rs.at(-1) as AssignmentRecord).user = "nobody@example.org";
      (rs.at(-2) as AssignmentRecord).auditItem = "missing";
      rs.push({ ...(rs.at(-1) as AssignmentRecord), user: "a@example.org", id: "as9", ratings: [], corrections: [] });
    });
    const issues = await problems(text);
    expect(issues).toContain(
      `${lineOf(text, '"id":"as0"')}: assignment.auditItem: no auditItem record with id "missing" before this assignment`,
    );
    expect(issues).toContain(`${lineOf(text, '"id":"as1"')}: assignment.user: nobody@example.org is not among the file's user records`);
  });

  it("refuses records out of order, and dataset counts that do not match the rows", async () => {
    const records = smallRecords();
    records.unshift(...records.splice(4, 1)); // a user record first
    expect(() => writeBackup(records)).toThrow(/a dataset record after a user record/);
    // Assembled by hand, with a matching digest, the reader refuses it too.
    const lines = [
      JSON.stringify({
        format: "clinaudit-audit-backup",
        formatVersion: 1,
        createdAt: "2026-02-01T00:00:00.000Z",
        generator: "test",
        audit: { id: "au1", name: "Audit" },
      }),
      ...records.map((r) => JSON.stringify(r)),
    ];
    const sha256 = createHash("sha256")
      .update(lines.map((l) => `${l}\n`).join(""))
      .digest("hex");
    const counts = { dataset: 1, patient: 1, item: 2, user: 3, audit: 1, auditItem: 1, assignment: 2 };
    const text = [...lines, JSON.stringify({ type: "end", records: records.length, counts, sha256 })].join("\n");
    const order = "the file's order is dataset, patient, item, user, audit, auditItem, assignment, trail, access";
    expect(await problems(text)).toEqual([
      `3: type: a dataset record after user records: ${order}`,
      `4: type: a patient record after user records: ${order}`,
      `5: type: an item record after user records: ${order}`,
      `6: type: an item record after user records: ${order}`,
    ]);
    const bad = edit((rs) => ((rs[0] as { itemCount: number }).itemCount = 5));
    expect(await problems(bad)).toEqual(["-: dataset.itemCount: the dataset declares 5 items but the file holds 2"]);
  });

  it("yields the validated records, and refuses a file changed between the passes", async () => {
    const text = writeBackup();
    const v = await validate(text);
    if (!v.ok) throw new Error("invalid");
    const read: BackupRecord[] = [];
    for await (const r of readBackupRecords("b.jsonl", readLines([text]), v.plan)) read.push(r);
    expect(read).toEqual(smallRecords());
    const changed = text.replace("comment a", "comment z");
    await expect(async () => {
      for await (const _ of readBackupRecords("b.jsonl", readLines([changed]), v.plan)) void _;
    }).rejects.toThrow(BackupChangedError);
  });
});
