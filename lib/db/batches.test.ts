import { describe, expect, it } from "vitest";
import { FIRST_RECORD_TAKE, ID_BATCH, inRecordBatches, NOTE_WEIGHT, RECORD_ROWS_PER_READ, recordRows, recordTake } from "./batches";

const patient = (events: number, notes = 0) => ({ events: Array.from({ length: events }), notes: Array.from({ length: notes }) });

describe("recordRows", () => {
  it("counts events, and each note as NOTE_WEIGHT rows", () => {
    expect(recordRows([patient(3), patient(0, 2), {}])).toBe(3 + 2 * NOTE_WEIGHT);
  });
});

describe("recordTake", () => {
  it("starts small, before anything is known of the patients", () => {
    expect(recordTake(null)).toBe(FIRST_RECORD_TAKE);
    expect(recordTake({ patients: 0, rows: 0 })).toBe(FIRST_RECORD_TAKE);
  });

  it("asks for about the budget's rows after what the last read returned", () => {
    // A full-size decision-point patient: ~255 events.
    expect(recordTake({ patients: 5, rows: 5 * 255 })).toBe(Math.floor(RECORD_ROWS_PER_READ / 255));
    // A notes patient: ~3 notes.
    expect(recordTake({ patients: 5, rows: 5 * 3 * NOTE_WEIGHT })).toBe(Math.floor(RECORD_ROWS_PER_READ / (3 * NOTE_WEIGHT)));
  });

  it("reads one patient at a time when one patient is over the budget, and a bounded number of empty ones", () => {
    expect(recordTake({ patients: 1, rows: 10 * RECORD_ROWS_PER_READ })).toBe(1);
    expect(recordTake({ patients: 5, rows: 0 })).toBeLessThanOrEqual(200);
  });
});

describe("inRecordBatches", () => {
  it("reads every id once, in order, each read about the budget's rows", async () => {
    // 300 patients of 40 events, then 20 of 400: the reads follow the size.
    const sizes = [...Array.from({ length: 300 }, () => 40), ...Array.from({ length: 20 }, () => 400)];
    const ids = sizes.map((_, i) => i);
    const reads: number[][] = [];
    const got = await inRecordBatches(
      ids,
      async (batch) => {
        reads.push(batch);
        return batch.map((id) => ({ id, ...patient(sizes[id]!) }));
      },
      1_000,
    );
    expect(got.map((p) => p.id)).toEqual(ids);
    const rowsPerRead = reads.map((batch) => batch.reduce((s, id) => s + sizes[id]!, 0));
    // Over the budget only while the size changes (a read of small patients sizes the next,
    // which reaches the large ones), and never by more than that read's count of large ones.
    expect(Math.max(...rowsPerRead)).toBeLessThanOrEqual(25 * 400);
    expect(rowsPerRead.filter((r) => r > 1_000).length).toBeLessThanOrEqual(2);
    expect(rowsPerRead.slice(-4).every((r) => r <= 1_000)).toBe(true);
    expect(reads.every((batch) => batch.length <= ID_BATCH)).toBe(true);
  });
});
