import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { toInstant } from "./rows";
import { SqliteRowWriter } from "./row-writer";

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
      id: "i1",
      datasetId: "d",
      patientId: "p",
      position: 3,
      kind: "mcq",
      externalId: "x",
      cutoffTime: new Date("2031-09-06T09:45:00Z"),
      chapter: "c",
      level: undefined,
      decisionPoint: null,
      ruleId: "r",
      question: "q?",
      data: { a: [1, "é"] },
    };
    expect(writer.add("Item", row)).toBeUndefined();
    await writer.flushAll();
    db.exec("COMMIT");
    expect(written).toEqual([1]);
    expect(db.prepare(`SELECT * FROM "Item"`).get()).toEqual({
      ...row,
      cutoffTime: "2031-09-06T09:45:00.000+00:00",
      level: null,
      data: '{"a":[1,"é"]}',
    });
  });
});

describe("toInstant", () => {
  it("reads every written form as the instant it denotes", () => {
    // Years below 1000 with a space separator were handed to Date's legacy parser and misread.
    expect(toInstant("0999-01-02 10:00").toISOString()).toBe("0999-01-02T10:00:00.000Z");
    expect(toInstant("0050-06-01T00:00:00").toISOString()).toBe("0050-06-01T00:00:00.000Z");
    expect(toInstant("2031-09-06 09:45:30.25").toISOString()).toBe("2031-09-06T09:45:30.250Z");
    expect(toInstant("2031-09-06").toISOString()).toBe("2031-09-06T00:00:00.000Z");
    expect(toInstant("2033-04-14T14:08:00-12:00").toISOString()).toBe("2033-04-15T02:08:00.000Z");
    expect(toInstant("2033-04-14T14:08:00+0530").toISOString()).toBe("2033-04-14T08:38:00.000Z");
    expect(toInstant("2033-04-14T14:08:00", "Europe/Paris").toISOString()).toBe("2033-04-14T12:08:00.000Z");
    expect(() => toInstant("2033-02-30T00:00:00")).toThrow(/Invalid time/);
  });

  it("equals Date's reading for what Date reads right (stored rows unchanged)", () => {
    for (const t of [
      "2031-07-19T08:02:00",
      "2031-07-19T08:02",
      "2031-12-31T23:59:59.999",
      "1970-01-01T00:00:00Z",
      "2031-07-19T08:02:00+02:00",
    ])
      expect(toInstant(t).getTime()).toBe(new Date(/[Z+-]\d\d:?\d\d$|Z$/.test(t.slice(10)) ? t : `${t}Z`).getTime());
  });
});
