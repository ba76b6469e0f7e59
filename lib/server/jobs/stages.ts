// A job waited for by a page that streams (React Suspense): each time the job is queued again
// (its worker stopped, or its run failed) the page can show a notice and go on waiting, and a job
// whose worker stopped on every attempt is an outcome to say, not an error page.
import { JobFailedError, type JobRetry, type WaitOptions } from "./types";

export type JobStage<T> =
  | { kind: "done"; value: T }
  /** The job was queued again: `next` is the stage after this retry. */
  | { kind: "retry"; retry: JobRetry; next: Promise<JobStage<T>> }
  /** Every attempt's worker stopped (killed, out of memory): `attempts` runs were made. */
  | { kind: "stopped"; attempts: number };

/**
 * Starts `run` (which waits for a job with the options given) and returns its first stage. Any
 * other failure rejects the stage it happens in.
 */
export function jobStages<T>(run: (options: WaitOptions) => Promise<T>): Promise<JobStage<T>> {
  let settle!: (stage: JobStage<T> | Promise<never>) => void;
  const stage = () => {
    const promise = new Promise<JobStage<T>>((resolve) => (settle = resolve));
    // Awaited by the page when it renders that far; a failure before then is not "unhandled".
    promise.catch(() => {});
    return promise;
  };
  const first = stage();
  const onRetry = (retry: JobRetry) => {
    const current = settle;
    current({ kind: "retry", retry, next: stage() });
  };
  run({ onRetry }).then(
    (value) => settle({ kind: "done", value }),
    (error: unknown) =>
      settle(
        error instanceof JobFailedError && error.stopped ? { kind: "stopped", attempts: error.stopped.attempts } : Promise.reject(error),
      ),
  );
  return first;
}
