/**
 * Runs `task` once the browser has time to spare (after the frame it is preparing), at the latest
 * after `timeout` ms; returns a cancel. For work a page starts when it is shown but nobody waits
 * for (network requests that only refresh or log): it must not delay the page's first frame or
 * its keys.
 */
export function whenIdle(task: () => void, timeout = 300): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(() => task(), { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}
