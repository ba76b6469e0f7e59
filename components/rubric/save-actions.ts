// How the rating panel's saves reach the server.
//
// After the open check: a case page shown from the browser's copy asks the server whether that
// copy is still current (components/case/case-opened.tsx). The rater's saves on the case wait
// for that answer: a key pressed right after `n` would otherwise reach the server first, and the
// check would find the page stale by the rater's own change and render it again. The wait is
// bounded: a check that hangs never holds a save for longer than OPEN_CHECK_WAIT_MS.
import type { ReviewActions } from "./types";

export const OPEN_CHECK_WAIT_MS = 3000;

const checks = new Map<string, Promise<unknown>>();

/** The open check of the case shown; it ends (either way) when the server has answered. */
export function openCheckStarted(assignmentId: string, check: Promise<unknown>): void {
  checks.set(assignmentId, check);
  const done = () => {
    if (checks.get(assignmentId) === check) checks.delete(assignmentId);
  };
  check.then(done, done);
}

/** Resolves once the case's open check has been answered (at once when none is under way). */
export function afterOpenCheck(assignmentId: string, waitMs = OPEN_CHECK_WAIT_MS): Promise<void> {
  const check = checks.get(assignmentId);
  if (!check) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bounded = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  const answered = check.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([answered, bounded]).finally(() => clearTimeout(timer));
}

/** The review actions, each sent once the open check of its case has been answered. */
export function afterOpenChecks(actions: ReviewActions): ReviewActions {
  const gated =
    <I extends { assignmentId: string }, T>(action: (input: I) => Promise<T>) =>
    async (input: I) => {
      await afterOpenCheck(input.assignmentId);
      return action(input);
    };
  return {
    ...actions,
    saveRating: gated(actions.saveRating),
    saveComment: gated(actions.saveComment),
    saveCorrection: gated(actions.saveCorrection),
    ...(actions.setFlag ? { setFlag: gated(actions.setFlag) } : {}),
  };
}

/**
 * Server actions that throw (the network is down, the server restarted) answer like a refused
 * save, in the reader's words, so the queue retries and the status says why.
 */
export function withNetworkErrors(actions: ReviewActions, message: string): ReviewActions {
  const guard =
    <I, T>(action: (input: I) => Promise<T>) =>
    (input: I) =>
      action(input).catch(() => ({ ok: false as const, error: message }));
  return {
    ...actions,
    saveRating: guard(actions.saveRating),
    saveComment: guard(actions.saveComment),
    saveCorrection: guard(actions.saveCorrection),
  };
}
