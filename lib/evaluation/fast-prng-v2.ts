/**
 * A fast twin of PRNG spec v2 (lib/sampling/prng-v2.ts) for the bootstrap's hot loop.
 *
 * Spec v2 takes two bounded integers out of each xoshiro256** output (its two 32-bit
 * words) by Lemire's multiply-shift. JavaScript has no 64-bit integers but BigInt, so the
 * generator runs in a small WebAssembly module (wasm/bootstrap.wat) on native i64: a draw
 * costs a few nanoseconds, against ~13 ns for the same step on uint32 halves in JavaScript
 * on this kind of machine. One module instance per generator holds its state, and the
 * module's kernels (replicate-sums.ts) draw from that same state.
 * `fast-prng-v2.test.ts` checks every output against the BigInt reference; if they ever
 * disagreed the reference wins, it is the published specification.
 */
import type { Seed } from "@/lib/sampling/prng";
import { seedStateV2 } from "@/lib/sampling/prng-v2";
import { WASM_BASE64 } from "./wasm/bootstrap-wasm";

const TWO_32 = 4294967296;
/** Draws per call of the module's fill: the first 64 KiB page of its memory, kept for them. */
const PAGE_DRAWS = 16384;
/** The first byte of the module's memory after that page (free for kernels' arrays). */
export const KERNEL_MEMORY_START = PAGE_DRAWS * 4;

/** The exports of wasm/bootstrap.wat (addresses in bytes). */
export interface BootstrapWasm {
  memory: WebAssembly.Memory;
  seed(s0: bigint, s1: bigint, s2: bigint, s3: bigint): void;
  nextWord(): number;
  fill(n: number, at: number, count: number): void;
  replicateByWord(
    P: number,
    draws: number,
    counts: number,
    colStart: number,
    patient: number,
    value: number,
    acc: number,
    words: number,
  ): void;
  replicatePerDraw(
    P: number,
    draws: number,
    dense: number,
    denseWords: number,
    start: number,
    word: number,
    value: number,
    acc: number,
    words: number,
  ): void;
}

let compiled: WebAssembly.Module | null = null;

export class FastPrng32 {
  /** The module instance: this generator's state, and the kernels that draw from it. */
  readonly wasm: BootstrapWasm;

  constructor(state: readonly [bigint, bigint, bigint, bigint]) {
    if ((state[0] | state[1] | state[2] | state[3]) === 0n) throw new RangeError("xoshiro256** state must not be all zero.");
    compiled ??= new WebAssembly.Module(Buffer.from(WASM_BASE64, "base64"));
    this.wasm = new WebAssembly.Instance(compiled).exports as unknown as BootstrapWasm;
    this.wasm.seed(...state); // each word wraps to an i64 bit for bit
  }

  /** The module's memory, grown to at least `bytes` (growing detaches earlier views of it). */
  memory(bytes: number): ArrayBuffer {
    const { memory } = this.wasm;
    const missing = bytes - memory.buffer.byteLength;
    if (missing > 0) memory.grow(Math.ceil(missing / 65536));
    return memory.buffer;
  }

  /** Next 32-bit word (spec step 4). */
  nextWord(): number {
    return this.wasm.nextWord() >>> 0;
  }

  /** Uniform integer in [0, n), n in [1, 2^32] (spec step 5). */
  nextInt(n: number): number {
    checkBound(n);
    if (n === 1) return 0;
    this.wasm.fill(n, 0, 1);
    return new Uint32Array(this.wasm.memory.buffer, 0, 1)[0] as number;
  }

  /** Uniform float in [0, 1) (spec step 6). */
  nextFloat(): number {
    const a = this.nextWord();
    const b = this.nextWord();
    return (a * 2097152 + (b >>> 11)) / 9007199254740992;
  }

  /**
   * out[from..to) = successive nextInt(n): the same values as calling nextInt that many
   * times (stored as int32, so bounds above 2^31 wrap as any Int32Array store does).
   * The module's kernels draw through this same code, inside the module.
   */
  fill(n: number, out: Int32Array, from = 0, to = out.length): void {
    checkBound(n);
    if (n === 1) {
      out.fill(0, from, to);
      return;
    }
    const page = new Int32Array(this.wasm.memory.buffer, 0, PAGE_DRAWS);
    for (let k = from; k < to; k += PAGE_DRAWS) {
      const count = Math.min(PAGE_DRAWS, to - k);
      this.wasm.fill(n, 0, count);
      out.set(page.subarray(0, count), k);
    }
  }
}

function checkBound(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`nextInt bound must be an integer in [1, 2^32], got ${n}.`);
}

export function createFastPrngV2(seed: Seed, stream = ""): FastPrng32 {
  return new FastPrng32(seedStateV2(seed, stream));
}
