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

/** One timing of `run`, in ms. */
const timedMs = (run: () => unknown) => fastestMs(run, 1);

/**
 * `read` is linear, not quadratic, in its input: 4 MB takes at most 10× what 1 MB takes (linear is
 * 4×, a quadratic reader 16×; a 1 MB time under 10 ms counts as 10 ms, where timer noise and
 * collection dominate), and 1 MB alone is read in under a second (~200 ms or much less on a quiet
 * machine: a quadratic reader takes minutes). 32 KB is tried first, so a quadratic reader fails in
 * seconds instead of running for an hour. The two sizes are timed in turns and each keeps its
 * fastest run, for up to `rounds` rounds until the ratio holds: a busy machine (the suite's two
 * workers on two cores, or more beside them) slows one run, not the fastest of several taken side by
 * side, while a quadratic reader is 16× in every round. (Timing 1 MB three times and then 4 MB four
 * times failed at 10.2× at load ~6, and again at load ~12.)
 */
export function expectLinearTime(shape: (length: number) => string, read: (text: string) => unknown, rounds = 4): void {
  expect(
    fastestMs(() => read(shape(32 * 1024)), 2),
    "32 KB",
  ).toBeLessThan(200);
  const small = shape(MB);
  const large = shape(4 * MB);
  let one = Number.POSITIVE_INFINITY;
  let four = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    one = Math.min(
      one,
      timedMs(() => read(small)),
    );
    expect(one, "1 MB").toBeLessThan(1_000);
    four = Math.min(
      four,
      timedMs(() => read(large)),
    );
    if (four <= 10 * Math.max(one, 10)) break;
  }
  expect(four, "4 MB").toBeLessThanOrEqual(10 * Math.max(one, 10));
}
