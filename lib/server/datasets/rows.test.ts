import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { SqliteRowWriter } from "./rows";

describe("SqliteRowWriter", () => {
  const open = () => {
    const db = new Database(":memory:");
    db.exec(`CREATE TABLE "Item" (id TEXT PRIMARY KEY, datasetId TEXT, patientId TEXT, position INTEGER, kind TEXT, externalId TEXT, cutoffTime DATETIME,
      chapter TEXT, level TEXT, decisionPoint INTEGER, ruleId TEXT, question TEXT, data TEXT)`);
    return db;
  };

  it("refuses to write outside a transaction", () => {
    expect(() => new SqliteRowWriter(open())).toThrow(/transaction/);
  });

  it("writes values as Prisma's SQLite adapter does, and reports progress on flush", async () => {
    const db = open();
    const written: number[] = [];
    db.exec("BEGIN");
    const writer = new SqliteRowWriter(db, (n) => written.push(n));
    const row = {
      id: "i1", datasetId: "d", patientId: "p", position: 3, kind: "mcq", externalId: "x", cutoffTime: new Date("2031-09-06T09:45:00Z"),
      chapter: "c", level: undefined, decisionPoint: null, ruleId: "r", question: "q?", data: { a: [1, "é"] },
    };
    expect(writer.add("Item", row)).toBeUndefined();
    await writer.flushAll();
    db.exec("COMMIT");
    expect(written).toEqual([1]);
    expect(db.prepare(`SELECT * FROM "Item"`).get()).toEqual({ ...row, cutoffTime: "2031-09-06T09:45:00.000+00:00", level: null, data: '{"a":[1,"é"]}' });
  });
});
