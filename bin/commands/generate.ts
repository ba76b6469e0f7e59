/**
 * `clinaudit generate`: writes a synthetic benchmark to a folder.
 *
 *   clinaudit generate --kind ehr|notes --size demo|full --seed S --language en|zh --out DIR [--jsonl | --csv]
 *
 * Output is streamed patient by patient through node:fs write streams (with back-pressure),
 * so the full size (976 long histories) never sits in memory; only the small instance /
 * conversation lists are buffered until the patients array is closed. The flaw manifest
 * goes to flaws.json, never into the benchmark file.
 */
import { once } from "node:events";
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import path from "node:path";
import { generateEhr, EhrStatsCollector, ehrDataset, type EhrPatientRecord, type EhrSize } from "@/lib/synth/ehr/generate";
import { bundleEntries, fhirLines } from "@/lib/synth/fhir/files";
import type { FlawRecord } from "@/lib/synth/ehr/types";
import { generateNotes, NotesStatsCollector, notesDataset, type NotesSize } from "@/lib/synth/notes/generate";
import { runGeneratePredictions } from "./generate-predictions";
import { csvRecord } from "@/lib/csv";
import { type Args, GENERATE_USAGE, parseArgs, UsageError } from "./generate-args";

export interface GenerateIo {
  stdout(s: string): void;
  stderr(s: string): void;
}

/** A write stream with back-pressure: awaits 'drain' when the buffer is full. */
class Sink {
  private readonly ws: WriteStream;
  private failure: Error | null = null;
  constructor(file: string) {
    this.ws = createWriteStream(file, { encoding: "utf8" });
    this.ws.on("error", (e) => {
      this.failure = e;
    });
  }
  async write(s: string): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.ws.write(s)) return;
    // Wait for 'drain' or 'error', removing whichever listener did not fire.
    await new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        this.ws.off("error", onError);
        resolve();
      };
      const onError = (e: Error) => {
        this.ws.off("drain", onDrain);
        reject(e);
      };
      this.ws.once("drain", onDrain);
      this.ws.once("error", onError);
    });
  }
  async close(): Promise<void> {
    this.ws.end();
    await once(this.ws, "finish");
    if (this.failure) throw this.failure;
  }
}

async function writeJson(file: string, value: unknown): Promise<void> {
  const s = new Sink(file);
  await s.write(`${JSON.stringify(value, null, 2)}\n`);
  await s.close();
}

async function writeEhr(a: Args): Promise<Record<string, unknown>> {
  const opts = { seed: a.seed, size: a.size as EhrSize, language: a.language, patients: a.patients, flawRate: a.flawRate };
  const stats = new EhrStatsCollector();
  const flaws: FlawRecord[] = [];
  const files: string[] = [];
  if (a.fhir) {
    files.push(
      ...(await writeFhir(a, opts, (rec) => {
        stats.add(rec);
        flaws.push(...rec.flaws);
      })),
    );
  } else if (a.jsonl) {
    const p = new Sink(path.join(a.out, "patients.jsonl"));
    const q = new Sink(path.join(a.out, "instances.jsonl"));
    for (const rec of generateEhr(opts)) {
      stats.add(rec);
      flaws.push(...rec.flaws);
      await p.write(`${JSON.stringify(rec.patient)}\n`);
      for (const inst of rec.instances) await q.write(`${JSON.stringify(inst)}\n`);
    }
    await Promise.all([p.close(), q.close()]);
    files.push("patients.jsonl", "instances.jsonl");
  } else {
    // Same bytes as JSON.stringify(bundle), built incrementally.
    const s = new Sink(path.join(a.out, "ehr-decision-mcq.json"));
    await s.write(`{"format":"ehr-decision-mcq","format_version":"1.0","dataset":${JSON.stringify(ehrDataset(opts))},"patients":[`);
    const instances: string[] = [];
    let first = true;
    for (const rec of generateEhr(opts)) {
      stats.add(rec);
      flaws.push(...rec.flaws);
      await s.write(`${first ? "" : ","}${JSON.stringify(rec.patient)}`);
      first = false;
      instances.push(...rec.instances.map((i) => JSON.stringify(i)));
    }
    await s.write(`],"instances":[${instances.join(",")}]}`);
    await s.close();
    files.push("ehr-decision-mcq.json");
  }
  await writeJson(path.join(a.out, "flaws.json"), flaws);
  return { files: [...files, "flaws.json"], ...stats.result() };
}

/** FHIR R4: NDJSON per resource type (sinks opened as types appear) or one collection Bundle, streamed. */
async function writeFhir(a: Args, opts: Parameters<typeof generateEhr>[0], seen: (rec: EhrPatientRecord) => void): Promise<string[]> {
  const q = new Sink(path.join(a.out, "instances.jsonl"));
  const sinks = new Map<string, Sink>();
  const bundle = a.fhir === "bundle" ? new Sink(path.join(a.out, "fhir-bundle.json")) : undefined;
  await bundle?.write('{"resourceType":"Bundle","type":"collection","entry":[');
  let first = true;
  for (const rec of generateEhr(opts)) {
    seen(rec);
    const { byType, instances } = fhirLines(rec);
    if (bundle) {
      for (const entry of bundleEntries(rec)) {
        await bundle.write(`${first ? "" : ","}\n${JSON.stringify(entry)}`);
        first = false;
      }
    } else {
      for (const [type, lines] of byType) {
        let sink = sinks.get(type);
        if (!sink) sinks.set(type, (sink = new Sink(path.join(a.out, `${type}.ndjson`))));
        for (const line of lines) await sink.write(`${line}\n`);
      }
    }
    for (const line of instances) await q.write(`${line}\n`);
  }
  await bundle?.write("\n]}\n");
  await Promise.all([q.close(), bundle?.close(), ...[...sinks.values()].map((s) => s.close())]);
  return [...(bundle ? ["fhir-bundle.json"] : [...sinks.keys()].map((t) => `${t}.ndjson`)), "instances.jsonl"];
}

async function writeNotes(a: Args): Promise<Record<string, unknown>> {
  const opts = { seed: a.seed, size: a.size as NotesSize, patients: a.patients, flawRate: a.flawRate };
  const stats = new NotesStatsCollector();
  const flaws: FlawRecord[] = [];
  let files: string[];
  if (a.csv) {
    const n = new Sink(path.join(a.out, "notes.csv"));
    const q = new Sink(path.join(a.out, "questions.csv"));
    await n.write(csvRecord(["subject_id", "note_num", "note_id", "hadm_id", "note_seq", "chartdate", "storetime", "text"]));
    await q.write(
      csvRecord([
        "subject_id",
        "qa_category",
        "turn_order",
        "turn_index",
        "turn_type",
        "question",
        "option_a",
        "option_b",
        "option_c",
        "option_d",
        "option_e",
        "correct_answer",
      ]),
    );
    for (const rec of generateNotes(opts)) {
      stats.add(rec);
      flaws.push(...rec.flaws);
      for (const note of rec.patient.notes) {
        await n.write(
          csvRecord([
            rec.patient.subject_id,
            note.note_num,
            note.note_id,
            note.hadm_id,
            note.note_seq,
            note.chartdate,
            note.storetime,
            note.text,
          ]),
        );
      }
      for (const c of rec.conversations) {
        for (const t of c.turns) {
          await q.write(
            csvRecord([
              c.subject_id,
              c.qa_category,
              t.turn_order,
              t.turn_index,
              t.turn_type,
              t.question,
              t.option_a,
              t.option_b,
              t.option_c,
              t.option_d,
              t.option_e,
              t.correct_answer,
            ]),
          );
        }
      }
    }
    await Promise.all([n.close(), q.close()]);
    files = ["notes.csv", "questions.csv"];
  } else {
    const s = new Sink(path.join(a.out, "notes-chatqa.json"));
    await s.write(`{"format":"notes-chatqa","format_version":"1.0","dataset":${JSON.stringify(notesDataset(opts))},"patients":[`);
    const convs: string[] = [];
    let first = true;
    for (const rec of generateNotes(opts)) {
      stats.add(rec);
      flaws.push(...rec.flaws);
      await s.write(`${first ? "" : ","}${JSON.stringify(rec.patient)}`);
      first = false;
      convs.push(...rec.conversations.map((c) => JSON.stringify(c)));
    }
    await s.write(`],"conversations":[${convs.join(",")}]}`);
    await s.close();
    files = ["notes-chatqa.json"];
  }
  await writeJson(path.join(a.out, "flaws.json"), flaws);
  return { files: [...files, "flaws.json"], ...stats.result() };
}

export async function runGenerate(argv: string[], io: GenerateIo): Promise<number> {
  // Predictions are made from a benchmark's files, not from a size and a seed: own command.
  const normalized = argv.flatMap((a) => (a === "--kind=predictions" ? ["--kind", "predictions"] : [a]));
  const kind = normalized.indexOf("--kind");
  if (kind >= 0 && normalized[kind + 1] === "predictions") return runGeneratePredictions(normalized, io);
  let args: Args | "help";
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`clinaudit generate: ${e.message}\n\n${GENERATE_USAGE}`);
      return 2;
    }
    throw e;
  }
  if (args === "help") {
    io.stdout(GENERATE_USAGE);
    return 0;
  }
  const started = Date.now();
  try {
    mkdirSync(args.out, { recursive: true });
    const stats = args.kind === "ehr" ? await writeEhr(args) : await writeNotes(args);
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    const lines = [
      `Generated ${args.kind === "ehr" ? "ehr-decision-mcq" : "notes-chatqa"} (${args.size}, seed "${args.seed}"${args.kind === "ehr" ? `, ${args.language}` : ""}) in ${args.out}`,
    ];
    for (const [k, v] of Object.entries(stats)) lines.push(`  ${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`);
    lines.push(`  time: ${seconds} s`);
    io.stdout(`${lines.join("\n")}\n`);
    return 0;
  } catch (e) {
    io.stderr(`clinaudit generate: ${(e as Error).message}\n`);
    return 1;
  }
}
