/**
 * Common-random-number replicate sums: for every bootstrap replicate b, the patients drawn
 * ONCE (P draws with replacement from the report's P patients, PRNG spec v2), and for every
 * registered per-patient column v (cases, correct cases, ... of some model, scope and
 * group) the sum S_b(v) = Σ over the drawn patients of v[patient].
 *
 * Every statistic of a report is a ratio or a difference of such sums, so one pass over the
 * draws serves every model-scope pair and every breakdown, and two statistics computed from
 * the same replicate are exactly paired.
 *
 * Speed: a column's replicate sum is at most P · max(v), so it needs only
 * ceil(log2(P · max(v) + 1)) bits. Columns are packed side by side into the 52 low bits of
 * float64 "words" (a patient's word = Σ v[patient] · 2^offset), so one addition adds up to
 * four columns and the sums stay exact integers (every field is bounded, so no carry ever
 * crosses into the next). Per patient only its non-zero words are kept (a patient is in few
 * chapters), and identical columns (the cases of pairs that predicted the same items) are
 * stored once. Words that most patients have non-zero are kept dense. Each replicate's
 * draws and additions run in WebAssembly (wasm/bootstrap.wat), in the generator's memory.
 */
import { createFastPrngV2, type FastPrng32, KERNEL_MEMORY_START } from "./fast-prng-v2";
import { compareIds } from "./patient-clusters";

const WORD_BITS = 52;

interface Field {
  word: number;
  /** 2^offset, the field's place in its word. */
  scale: number;
  /** 2^bits. */
  size: number;
}

export interface DrawSettings {
  replicates: number;
  seed: string;
  stream: string;
}

export class ReplicateSums {
  private readonly columns: Int32Array[] = [];
  private readonly groups: string[] = [];
  private readonly byContent = new Map<string, number>();
  private result: Int32Array[] | null = null;

  constructor(readonly patients: number) {
    if (!Number.isInteger(patients) || patients < 1) throw new RangeError(`need at least one patient, got ${patients}`);
  }

  /**
   * Registers a per-patient column (non-negative integers, one per patient of the report)
   * and returns its id. `group` only guides packing: columns with the same group are
   * non-zero for mostly the same patients, so they share words.
   */
  column(values: Int32Array, group: string): number {
    if (this.result) throw new Error("columns must be registered before the draws run");
    if (values.length !== this.patients) throw new RangeError(`a column has ${values.length} values for ${this.patients} patients`);
    const key = Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString("base64");
    const known = this.byContent.get(key);
    if (known !== undefined) return known;
    for (const v of values) if (!(v >= 0)) throw new RangeError("column values must be non-negative");
    this.columns.push(values);
    this.groups.push(group);
    this.byContent.set(key, this.columns.length - 1);
    return this.columns.length - 1;
  }

  /** The replicate sums of a column (after `run`). */
  sums(id: number): Int32Array {
    if (!this.result) throw new Error("run the draws first");
    return this.result[id] as Int32Array;
  }

  /**
   * Runs the B replicates, yielding the number done every `chunk` replicates (a server can
   * let other requests run in between).
   */
  *run(settings: DrawSettings, chunk = 1000): Generator<number, void> {
    const P = this.patients;
    const B = settings.replicates;
    const layout = this.layout();
    const { fields, words } = layout;
    const out = this.columns.map(() => new Int32Array(B));
    const rng = createFastPrngV2(settings.seed, settings.stream);
    const replicate = wasmReplicate(rng, patientRows(this.columns, fields, words, P), P, words);
    for (let b = 0; b < B; b++) {
      unpack(replicate(), fields, out, b);
      if ((b + 1) % chunk === 0 && b + 1 < B) yield b + 1;
    }
    this.result = out;
  }

  /** Fields of the columns in words: grouped, each field as wide as its largest possible sum. */
  private layout(): { fields: Field[]; words: number } {
    const order = this.columns.map((_, i) => i).sort((a, b) => compareIds(this.groups[a] as string, this.groups[b] as string) || a - b);
    const fields: Field[] = new Array(this.columns.length);
    let words = 0;
    let used = WORD_BITS; // start a new word at the first column
    let lastGroup: string | null = null;
    for (const c of order) {
      let max = 0;
      for (const v of this.columns[c] as Int32Array) if (v > max) max = v;
      let bits = 0;
      while (2 ** bits <= this.patients * max) bits++; // the field holds every sum up to P · max
      if (bits === 0) {
        fields[c] = { word: 0, scale: 1, size: 1 }; // an all-zero column sums to 0
        continue;
      }
      if (used + bits > WORD_BITS || this.groups[c] !== lastGroup) {
        words++;
        used = 0;
        lastGroup = this.groups[c] as string;
      }
      fields[c] = { word: words - 1, scale: 2 ** used, size: 2 ** bits };
      used += bits;
    }
    return { fields, words };
  }
}

type Rows = ReturnType<typeof patientRows>;

/**
 * The rows in the generator's WebAssembly memory, and a function that runs one replicate
 * there and returns its accumulated words (wasm/bootstrap.wat). Patients with one or two words
 * are added once per draw ("replicatePerDraw"); otherwise the draws are counted and each word is
 * summed over its own non-zero entries, multiplicity × value, an undrawn patient adding 0
 * ("replicateByWord": the rows as columns, one per word).
 */
function wasmReplicate(rng: FastPrng32, rows: Rows, P: number, words: number): () => Float64Array {
  const { wasm } = rng;
  if (rows.denseWords + rows.word.length / P <= 2) {
    const at = place(rng, { dense: rows.dense, value: rows.value, acc: 8 * words, draws: 4 * P, start: rows.start, word: rows.word });
    const acc = new Float64Array(wasm.memory.buffer, at.acc, words);
    return () => {
      wasm.replicatePerDraw(P, at.draws, at.dense, rows.denseWords, at.start, at.word, at.value, at.acc, words);
      return acc;
    };
  }
  const columns = wordColumns(rows, P, words);
  const at = place(rng, {
    value: columns.value,
    counts: 8 * P,
    acc: 8 * words,
    draws: 4 * P,
    colStart: columns.start,
    patient: columns.patient,
  });
  const acc = new Float64Array(wasm.memory.buffer, at.acc, words);
  return () => {
    wasm.replicateByWord(P, at.draws, at.counts, at.colStart, at.patient, at.value, at.acc, words);
    return acc;
  };
}

/**
 * Lays `parts` out one after the other in the generator's memory from KERNEL_MEMORY_START: each
 * array copied in, each number a scratch area of that many bytes. Returns their addresses.
 * Callers list the 8-byte parts first, so every Float64 part starts on an 8-byte boundary.
 */
function place<K extends string>(rng: FastPrng32, parts: Record<K, Float64Array | Int32Array | number>): Record<K, number> {
  const keys = Object.keys(parts) as K[];
  const at = {} as Record<K, number>;
  let end = KERNEL_MEMORY_START;
  for (const k of keys) {
    const part = parts[k];
    at[k] = end;
    end += typeof part === "number" ? part : part.byteLength;
  }
  const memory = rng.memory(end); // grows the memory once, before any view of it is taken
  for (const k of keys) {
    const part = parts[k];
    if (part instanceof Float64Array) new Float64Array(memory, at[k], part.length).set(part);
    else if (part instanceof Int32Array) new Int32Array(memory, at[k], part.length).set(part);
  }
  return at;
}

/** The same non-zero values by word: word w's entries (patient, value) at start[w] .. start[w + 1], patients ascending. */
function wordColumns(rows: Rows, P: number, words: number) {
  const start = new Int32Array(words + 1);
  for (let p = 0; p < P; p++) {
    for (let j = 0; j < rows.denseWords; j++) if ((rows.dense[p * rows.denseWords + j] as number) !== 0) start[j + 1]!++;
    for (let e = rows.start[p] as number; e < (rows.start[p + 1] as number); e++) start[(rows.word[e] as number) + 1]!++;
  }
  for (let w = 0; w < words; w++) start[w + 1]! += start[w] as number;
  const next = start.slice(0, words);
  const patient = new Int32Array(start[words] as number);
  const value = new Float64Array(start[words] as number);
  const put = (w: number, p: number, v: number) => {
    const e = next[w]!++;
    patient[e] = p;
    value[e] = v;
  };
  for (let p = 0; p < P; p++) {
    for (let j = 0; j < rows.denseWords; j++) {
      const v = rows.dense[p * rows.denseWords + j] as number;
      if (v !== 0) put(j, p, v);
    }
    for (let e = rows.start[p] as number; e < (rows.start[p + 1] as number); e++) put(rows.word[e] as number, p, rows.value[e] as number);
  }
  return { start, patient, value };
}

function unpack(acc: Float64Array, fields: Field[], out: Int32Array[], b: number): void {
  for (let c = 0; c < fields.length; c++) {
    const f = fields[c] as Field;
    (out[c] as Int32Array)[b] = f.size === 1 ? 0 : Math.floor((acc[f.word] as number) / f.scale) % f.size;
  }
}

/**
 * Each patient's words: those non-zero for at least half of the patients densely (P × dense
 * words, the first ids), the rest as (word, value) lists per patient.
 */
function patientRows(columns: Int32Array[], fields: Field[], words: number, P: number) {
  const values = new Float64Array(P * words);
  columns.forEach((col, c) => {
    const f = fields[c] as Field;
    if (f.size === 1) return;
    for (let p = 0; p < P; p++) values[p * words + f.word] = (values[p * words + f.word] as number) + (col[p] as number) * f.scale;
  });
  const nonZero = new Int32Array(words);
  for (let p = 0; p < P; p++) for (let w = 0; w < words; w++) if (values[p * words + w] !== 0) nonZero[w] = (nonZero[w] as number) + 1;
  // Renumber: dense words first, so the accumulator's first slots are the dense ones.
  const denseIds: number[] = [];
  const sparseIds: number[] = [];
  for (let w = 0; w < words; w++) (nonZero[w] as number) * 2 >= P ? denseIds.push(w) : sparseIds.push(w);
  const slot = new Int32Array(words);
  [...denseIds, ...sparseIds].forEach((w, i) => (slot[w] = i));
  for (const f of fields) if (f.size !== 1) f.word = slot[f.word] as number;
  const denseWords = denseIds.length;
  const dense = new Float64Array(P * denseWords);
  const start = new Int32Array(P + 1);
  const wordList: number[] = [];
  const valueList: number[] = [];
  for (let p = 0; p < P; p++) {
    denseIds.forEach((w, j) => (dense[p * denseWords + j] = values[p * words + w] as number));
    for (const w of sparseIds) {
      const v = values[p * words + w] as number;
      if (v !== 0) {
        wordList.push(slot[w] as number);
        valueList.push(v);
      }
    }
    start[p + 1] = wordList.length;
  }
  return { dense, denseWords, start, word: Int32Array.from(wordList), value: Float64Array.from(valueList) };
}
