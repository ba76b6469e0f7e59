// The PostgreSQL import path streams rows with COPY; the rows must read back exactly as the
// multi-row INSERT path (BulkInserter) writes them, whatever the text holds: tabs, newlines,
// backslashes, quotes, "\N", NULLs, any Unicode. A value PostgreSQL cannot store (NUL) fails
// both paths alike, and a failed COPY leaves nothing behind in the transaction.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { copyRowWriter } from "@/lib/server/datasets/copy-writer";
import { BulkInserter, type RowWriter } from "@/lib/server/datasets/row-writer";
import { postgres, target } from "./databases";

const enabled = Boolean(process.env.TEST_POSTGRES_URL);

// Text with the characters COPY's text format treats specially, mixed with any code point
// (astral, combining, CJK) and lone surrogates (both paths send them as U+FFFD).
const special = fc.constantFrom("\t", "\n", "\r", "\\", "\\N", "\\t", "'", '"', ",", "\u2028", "é", "中文", "😀", "\ud800", "\\.", "");
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what PostgreSQL text cannot hold
const anyChar = fc.string({ unit: "binary", maxLength: 6 }).map((s) => s.replace(/\u0000/g, ""));
const text = fc.array(fc.oneof(special, anyChar), { maxLength: 8 }).map((parts) => parts.join(""));
const json = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v).replace(/\\u0000/g, "")) as unknown);
const time = fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2200-01-01T00:00:00Z"), noInvalidDate: true });

const event = fc.record({
  eventId: text,
  time,
  gaDays: fc.option(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { nil: null }),
  visitId: fc.option(text, { nil: null }),
  type: text,
  name: text,
  text: fc.option(text, { nil: null }),
  data: fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 3 }),
});
const patient = fc.record({ externalId: text, data: fc.dictionary(text, json, { maxKeys: 3 }), events: fc.array(event, { maxLength: 6 }) });

type Event = {
  eventId: string;
  time: Date;
  gaDays: number | null;
  visitId: string | null;
  type: string;
  name: string;
  text: string | null;
  data: unknown;
};
type Patient = { externalId: string; data: unknown; events: Event[] };

async function write(
  db: Db,
  patients: Patient[],
  writer: (tx: Parameters<Parameters<Db["$transaction"]>[0]>[0]) => Promise<RowWriter>,
): Promise<string> {
  const datasetId = randomUUID();
  await db.$transaction(async (tx) => {
    await tx.dataset.create({
      data: {
        id: datasetId,
        name: datasetId,
        version: 1,
        family: "ehr-decision-mcq",
        format: "test",
        checksum: datasetId,
        meta: {},
        patientCount: 0,
        itemCount: 0,
        eventCount: 0,
        noteCount: 0,
      },
    });
    const w = await writer(tx);
    for (const [position, p] of patients.entries()) {
      const id = randomUUID();
      await w.add("Patient", { id, datasetId, externalId: p.externalId, position, data: p.data });
      for (const [i, e] of p.events.entries()) await w.add("EhrEvent", { id: randomUUID(), patientId: id, position: i, ...e });
    }
    await w.flushAll();
  });
  return datasetId;
}

/** Every column of the dataset's rows except generated ids, in order. */
async function readBack(db: Db, datasetId: string) {
  const patients = await db.patient.findMany({
    where: { datasetId },
    orderBy: { position: "asc" },
    select: { externalId: true, position: true, data: true, events: { orderBy: { position: "asc" }, omit: { id: true, patientId: true } } },
  });
  return patients;
}

describe.runIf(enabled)("COPY import path on PostgreSQL", () => {
  let db: Db;
  beforeAll(async () => {
    const url = await postgres.create();
    await applyMigrations(target(url));
    db = createDb(url);
  }, 60_000);
  afterAll(async () => {
    await db?.$disconnect();
    await postgres.dropAll();
  });

  it("reads back the same rows as the INSERT path, for any text", async () => {
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(patient, { maxLength: 4 }), async (patients) => {
        // A lone surrogate in a JSON key or string is refused by jsonb on both paths (the
        // importer's UTF-8 decoding never produces one); everything else must be stored alike.
        const outcome = (w: Promise<string>) =>
          w.then(
            (id) => ({ id }),
            (error: Error) => ({ error: (error.message.match(/invalid input syntax for type json|Unicode/) ?? [error.message])[0] }),
          );
        const viaInsert = await outcome(write(db, patients, async (tx) => new BulkInserter(tx)));
        const viaCopy = await outcome(write(db, patients, (tx) => copyRowWriter(db, tx)));
        if ("error" in viaInsert || "error" in viaCopy) {
          expect("error" in viaCopy && "error" in viaInsert).toBe(true);
          return;
        }
        stored++;
        const [a, b] = [await readBack(db, viaInsert.id), await readBack(db, viaCopy.id)];
        expect(b).toEqual(a);
        expect(b.map((p) => p.events.length)).toEqual(patients.map((p) => p.events.length));
      }),
      { numRuns: 80 },
    );
    expect(stored).toBeGreaterThan(40);
  }, 120_000);

  it("writes many rows across several batches, parents before children", async () => {
    const big = "x\t\\y\n".repeat(2000); // 10 KB of text per event: ~40 events fill a 4 MB batch
    const patients: Patient[] = Array.from({ length: 30 }, (_, p) => ({
      externalId: `p${p}`,
      data: { n: p },
      events: Array.from({ length: 20 }, (_, i) => ({
        eventId: `e${i}`,
        time: new Date(Date.UTC(2020, 0, 1, 0, 0, i)),
        gaDays: i,
        visitId: null,
        type: "lab",
        name: "n",
        text: big,
        data: {},
      })),
    }));
    const written: number[] = [];
    const id = await write(db, patients, (tx) => copyRowWriter(db, tx, (n) => written.push(n)));
    const back = await readBack(db, id);
    expect(back).toHaveLength(30);
    expect(back.every((p) => p.events.length === 20 && p.events.every((e) => e.text === big))).toBe(true);
    expect(written.length).toBeGreaterThan(1);
    expect(written.reduce((s, n) => s + n, 0)).toBe(30 * 21);
  }, 120_000);

  it("a value PostgreSQL refuses fails both paths and leaves nothing", async () => {
    const bad: Patient[] = [{ externalId: "nul\u0000here", data: {}, events: [] }];
    const before = await db.patient.count();
    await expect(write(db, bad, async (tx) => new BulkInserter(tx))).rejects.toThrow();
    await expect(write(db, bad, (tx) => copyRowWriter(db, tx))).rejects.toThrow();
    expect(await db.patient.count()).toBe(before);
    // The pool's connections are usable afterwards.
    expect(await db.dataset.count()).toBeGreaterThanOrEqual(0);
  });
});
