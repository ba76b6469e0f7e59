import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * A full garbage collection once a server thread falls idle after its work. Computing a full
 * review's report or package leaves ~150 MB of garbage in the thread's heap, which V8 would keep
 * (and the process's resident set with it) until the next heavy job grows the heap further; the
 * thread is idle most of the time, so it collects then, off the web process's event loop.
 */
export function idleCollector(collect: () => void, delayMs = 200) {
  let running = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    /** Wraps one job: no collection starts while any job runs. */
    async run<T>(job: () => Promise<T>): Promise<T> {
      running++;
      clearTimeout(timer);
      try {
        return await job();
      } finally {
        if (--running === 0) {
          timer = setTimeout(collect, delayMs);
          timer.unref?.();
        }
      }
    },
  };
}

/** V8's full collection for this thread (the flag is the process's; the function is this context's). */
export function fullCollection(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

/** What shedToBudget needs of a thread: its collector, its heap, and what it keeps. */
export interface HeapBudget {
  /** A full collection (fullCollection()). */
  collect: () => void;
  /** Bytes of heap in use now. */
  used: () => number;
  /** The heap's limit in bytes (the thread's cap). */
  limit: number;
  /** The share of the limit the kept values may fill after a full collection. */
  share: number;
  /** Lets go of the oldest kept value; false when there is nothing it may let go of. */
  dropOldest: () => boolean;
}

/**
 * Called after a full collection: while the heap in use is over `share` of the limit, lets go of
 * the oldest kept value and collects again. A capped thread that keeps several audits' figures
 * thus leaves room for the next computation by forgetting the audit computed longest ago, instead
 * of running out of heap mid-computation and restarting with every audit forgotten. Returns how
 * many values it let go of.
 */
export function shedToBudget(b: HeapBudget): number {
  let dropped = 0;
  while (b.used() > b.limit * b.share && b.dropOldest()) {
    dropped++;
    b.collect();
  }
  return dropped;
}
