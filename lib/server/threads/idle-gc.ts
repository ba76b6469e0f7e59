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
