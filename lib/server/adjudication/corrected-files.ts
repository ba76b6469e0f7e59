import "server-only";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { inBatches, ITEMS_PER_READ, recordRows, recordTake } from "../../db/batches";
import { fileStreams } from "../download";
import type { Db } from "../../db/client";
import type { FormatId, Item, Patient } from "../../formats";
import { extraKeys, patientsWriter, type PartWriter } from "../../formats/export-parts";
import { eventFromRow, noteFromRow } from "../datasets/rows";

/** A piece of a corrected file: fixed text, or a file of the export cache (path relative to its root). */
export type StoredSegment = { text: string } | { file: string };

const TEXT_CHUNK = 1 << 16;

/**
 * Appends text to a file stream, waiting when its buffer is full (a 300 MB part never sits in
 * memory). A write error (a full disk) is kept and thrown by the next write or the close: without
 * a listener of its own, an error between two waits would end the process.
 */
class PartFile {
  private readonly out: fs.WriteStream;
  private pending = "";
  private failed: Error | null = null;
  bytes = 0;
  constructor(readonly file: string) {
    this.out = fs.createWriteStream(file, { mode: 0o600 });
    this.out.on("error", (error) => (this.failed ??= error));
  }
  async write(s: string): Promise<void> {
    this.pending += s;
    if (this.pending.length < TEXT_CHUNK) return;
    await this.flush();
  }
  private async flush(): Promise<void> {
    const chunk = this.pending;
    this.pending = "";
    this.bytes += Buffer.byteLength(chunk);
    if (this.failed) throw this.failed;
    // events.once drops both of its listeners when either fires (a listener per wait would pile up).
    if (!this.out.write(chunk)) await once(this.out, "drain");
  }
  async close(): Promise<number> {
    await this.flush();
    if (this.failed) throw this.failed;
    await new Promise<void>((resolve, reject) => this.out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    return this.bytes;
  }
  abort(): void {
    this.out.destroy();
  }
}

/** Writes records with a part writer into a file; returns its size in bytes. */
export async function writePartFile<T>(file: string, writer: PartWriter<T>, records: AsyncIterable<T> | Iterable<T>): Promise<number> {
  const out = new PartFile(file);
  try {
    await out.write(writer.open());
    for await (const r of records) await out.write(writer.record(r));
    await out.write(writer.close());
    return await out.close();
  } catch (error) {
    out.abort();
    throw error;
  }
}

/**
 * The dataset's patients, in source order, rebuilt from their rows as loadDataset rebuilds them,
 * a batch at a time, each about the same number of record rows (recordTake: bounded memory, and
 * short steps of the event loop, whatever the dataset). `onBatch` is told how many patients have
 * been read.
 */
export async function* datasetPatients(
  db: Db,
  datasetId: string,
  family: string,
  onBatch: (done: number) => void = () => {},
): AsyncGenerator<Patient> {
  let after = -1;
  let done = 0;
  let last: { patients: number; rows: number } | null = null;
  for (;;) {
    const take = recordTake(last);
    const rows = await db.patient.findMany({
      where: { datasetId, position: { gt: after } },
      orderBy: { position: "asc" },
      take,
      select: {
        position: true,
        externalId: true,
        data: true,
        events: {
          orderBy: { position: "asc" },
          select: { eventId: true, gaDays: true, visitId: true, type: true, name: true, text: true, data: true },
        },
        notes: { orderBy: { noteNum: "asc" }, select: { noteNum: true, chartdate: true, text: true, data: true } },
      },
    });
    if (rows.length === 0) return;
    last = { patients: rows.length, rows: recordRows(rows) };
    for (const p of rows) {
      const patient: Patient = { patientId: p.externalId, ...(p.data as object) };
      if (p.events.length || family === "ehr-decision-mcq") patient.events = p.events.map(eventFromRow);
      if (p.notes.length) patient.notes = p.notes.map(noteFromRow);
      yield patient;
    }
    after = rows.at(-1)!.position;
    onBatch((done += rows.length));
  }
}

/** The patients part of a dataset's export, written from the database. notes.csv first collects its trailing columns. */
export async function writePatientsPart(
  db: Db,
  dataset: { id: string; family: string; format: FormatId },
  file: string,
  onBatch?: (done: number) => void,
): Promise<number> {
  let noteExtras: string[] = [];
  if (dataset.format === "ehrnote-chatqa-csv") {
    const notes = await db.note.findMany({
      where: { patient: { datasetId: dataset.id } },
      orderBy: [{ patient: { position: "asc" } }, { noteNum: "asc" }],
      select: { data: true },
    });
    noteExtras = [...extraKeys(notes.map((n) => n.data as { extra?: Record<string, unknown> }))];
  }
  return writePartFile(file, patientsWriter(dataset.format, noteExtras), datasetPatients(db, dataset.id, dataset.family, onBatch));
}

/**
 * The dataset's items in source order (small: the data JSON of each): all of them, those named,
 * or those an audit sampled (joined, not listed: any sample size stays bounded reads).
 */
export async function datasetItems(db: Db, datasetId: string, only?: readonly string[] | { sampledBy: string }): Promise<Item[]> {
  const select = { position: true, data: true } as const;
  let rows: { position: number; data: unknown }[];
  if (only && !("sampledBy" in only)) {
    rows = await inBatches([...new Set(only)], (batch) => db.item.findMany({ where: { datasetId, externalId: { in: batch } }, select }));
    rows.sort((a, b) => a.position - b.position);
  } else {
    const sampled = only ? { auditItems: { some: { auditId: only.sampledBy } } } : {};
    rows = [];
    for (let after = -1; ; ) {
      const page = await db.item.findMany({
        where: { datasetId, ...sampled, position: { gt: after } },
        orderBy: { position: "asc" },
        take: ITEMS_PER_READ,
        select,
      });
      rows.push(...page);
      if (page.length < ITEMS_PER_READ) break;
      after = page.at(-1)!.position;
    }
  }
  return rows.map((r) => r.data as unknown as Item);
}

/** A corrected file's text, segment after segment (the importer's validation reads it so). */
export async function* segmentText(resolve: (file: string) => string, segments: readonly StoredSegment[]): AsyncGenerator<string> {
  for (const s of segments) {
    if ("text" in s) {
      if (s.text) yield s.text;
      continue;
    }
    for await (const chunk of fs.createReadStream(resolve(s.file), { encoding: "utf8", highWaterMark: TEXT_CHUNK })) yield chunk as string;
  }
}

/**
 * A corrected file as a response body. Every part file is opened before the first byte is
 * sent, so a newer state pruning this one mid-download cannot cut it short.
 */
export async function segmentStream(root: string, segments: readonly StoredSegment[]): Promise<ReadableStream<Uint8Array>> {
  return fileStreams(await Promise.all(segments.map((s) => ("text" in s ? s.text : fs.promises.open(path.join(root, s.file), "r")))));
}
