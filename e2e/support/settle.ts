import { expect, type Page } from "@playwright/test";

/**
 * Resolves once nothing on the page has scrolled or changed height for `frames` animation frames
 * in a row: the window and every scrollable element (a smooth scroll has ended, a virtual list has
 * measured its rows). What a fixed sleep after a scroll stood for.
 */
export async function scrollSettled(page: Page, frames = 10): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const snapshot = () => {
          const parts = [String(window.scrollY)];
          for (const el of document.querySelectorAll<HTMLElement>("*"))
            if (el.scrollHeight > el.clientHeight) parts.push(`${el.scrollTop}/${el.scrollHeight}`);
          return parts.join(" ");
        };
        let last = "";
        let same = 0;
        const tick = () => {
          const now = snapshot();
          same = now === last ? same + 1 : 0;
          last = now;
          if (same >= n) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    frames,
  );
}

/** Resolves once `count()` has not changed over `polls` polls `every` ms apart (requests have settled). */
export async function settledCount(count: () => number, { polls = 4, every = 250 } = {}): Promise<number> {
  let last = count();
  let still = 0;
  await expect
    .poll(
      () => {
        const now = count();
        still = now === last ? still + 1 : 0;
        last = now;
        return still;
      },
      { intervals: [every], timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(polls);
  return last;
}
