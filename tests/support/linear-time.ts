// A linear-time property for code that reads user text inside the server (issue 31, finding 2).
import { expect } from "vitest";

export const MB = 1024 * 1024;

/** `unit` repeated to about `length` characters. */
export const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length));

/** Fastest of `runs` timings, in ms: the least disturbed by a loaded machine. */
export function fastestMs(run: () => unknown, runs: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/**
 * `read` of a 1 MB input made by `shape` takes < 200 ms, and of a 10 MB one ≤ 30× that (≈ 10×
 * expected; 30× leaves room for a busy machine; a 1 MB time under 10 ms counts as 10 ms, as 10 MB
 * no longer fits in a cache and timer noise dominates). 32 KB is tried first: a
 * quadratic reader fails there in seconds instead of running for an hour at 1 MB.
 */
export function expectLinearTime(shape: (length: number) => string, read: (text: string) => unknown): void {
  for (const length of [32 * 1024, MB]) {
    const text = shape(length);
    expect(
      fastestMs(() => read(text), 2),
      `${length} chars`,
    ).toBeLessThan(200);
  }
  const small = shape(MB);
  const large = shape(10 * MB);
  expect(fastestMs(() => read(large), 2)).toBeLessThanOrEqual(
    30 *
      Math.max(
        fastestMs(() => read(small), 3),
        10,
      ),
  );
}
