import { describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { RECORD_ROWS_PER_READ } from "@/lib/db/batches";
import { patientRecords } from "./dataset-records";

vi.mock("server-only", () => ({}));

describe("patientRecords", () => {
  // A full-size decision-point dataset's shape: ~255 events a patient. 20 of them a page (5,400
  // rows) held the server's event loop for ~185 ms a read on SQLite while a backup streamed.
  const stored = Array.from({ length: 120 }, (_, i) => ({
    id: `p${i}`,
    externalId: `P${i}`,
    position: i,
    data: {},
    events: Array.from({ length: 255 }, (_, e) => ({
      id: `e${i}-${e}`,
      position: e,
      eventId: `E${e}`,
      time: new Date(Date.UTC(2031, 0, 1)),
      gaDays: null,
      visitId: null,
      type: "lab_test",
      name: "Hb",
      text: null,
      data: {},
    })),
    notes: [],
  }));
  const takes: number[] = [];
  const db = {
    patient: {
      findMany: async (args: { skip: number; take: number }) => {
        takes.push(args.take);
        return stored.slice(args.skip, args.skip + args.take);
      },
    },
  } as unknown as Db;

  it("pages through every patient once, in order, each page about RECORD_ROWS_PER_READ record rows", async () => {
    const ids: string[] = [];
    for await (const r of patientRecords(db, "d")) if (r.type === "patient") ids.push(r.externalId);
    expect(ids).toEqual(stored.map((p) => p.externalId));
    expect(Math.max(...takes) * 255).toBeLessThanOrEqual(RECORD_ROWS_PER_READ * 1.1);
  });
});
