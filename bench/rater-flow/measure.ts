// `n` → next case interactive, in Chromium, 20 raters at once (one browser context each). Each
// rater opens the first case of their queue and then, per transition: reads (a pause), rates the
// first question with `1`, waits for the save, presses `n` and at once `1` (a rater who knows the
// keys: the key is held while the next case opens and applied to it). Measured in the page, from
// the `n` keydown's timestamp to the first animation frame at which the address is the next
// case's, its rating bar's shortcuts are live and its first question shows the rating: the next
// case is on screen and took a key. The baseline, interleaved: the same rater's signed-in
// `/account` page loaded as a document (navigation start to the load event), the least a
// server-rendered page of the app costs a browser.
import type { BrowserContext, Page } from "@playwright/test";
import { launchChromium, signedInContext } from "../app/browser";
import { type ChromiumKind, chromiumSampler } from "../app/server";
import type { FlowAudit } from "./world";

export interface FlowSettings {
  /** Transitions per rater per item kind. */
  transitions: number;
  /** The rater's reading pause before rating, ms. */
  readMs: number;
  /** An `/account` load after every this many transitions. */
  baselineEvery: number;
}

export interface FlowResult {
  next: number[];
  account: number[];
  /** Transitions that did not complete within the time limit. */
  timeouts: number;
  /** Raters who stopped early, and why (their transitions so far are kept). */
  failed: string[];
  /** CPU time of the raters' Chromium by process kind, from its launch to before its close (ms). */
  chromiumMs: Map<ChromiumKind, number>;
}

const LIMIT_MS = 20_000;

/**
 * Runs in the page (as text: the bench's TypeScript loader would name inner functions with a
 * helper the page does not have). Resolves with ms from the `n` keydown to the moment the
 * animation-frame callback of the frame the next case is interactive in runs, or -1 after `limit` ms.
 */
const TRANSITION = `({ nextPath, limit }) => new Promise((resolve) => {
  let start = Number.NaN;
  const onKey = (e) => { if (e.key === "n" && Number.isNaN(start)) start = e.timeStamp; };
  document.addEventListener("keydown", onKey, { capture: true });
  const began = performance.now();
  const frame = (now) => {
    const ready =
      location.pathname === nextPath &&
      document.querySelector("section[data-keys-ready] fieldset label[data-checked]") !== null &&
      !document.querySelector("[data-testid=leaving]");
    if (ready && !Number.isNaN(start)) {
      document.removeEventListener("keydown", onKey, { capture: true });
      // When this callback runs, not the frame's start that rAF passes (\`now\`): a long task that
      // held the frame back is then counted (traced: 90 ms by \`now\`, the callback ran at 207 ms).
      resolve(performance.now() - start);
    } else if (now - began > limit) {
      document.removeEventListener("keydown", onKey, { capture: true });
      resolve(-1);
    } else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

/** Starts watching for the transition to `nextPath` (listening before the keys are pressed); then `transitionMs`. */
async function armTransition(page: Page, nextPath: string): Promise<void> {
  await page.evaluate(`window.__raterFlow = (${TRANSITION})(${JSON.stringify({ nextPath, limit: LIMIT_MS })}); undefined`);
}

async function transitionMs(page: Page): Promise<number> {
  return (await page.evaluate("window.__raterFlow")) as number;
}

async function waitSaved(page: Page): Promise<void> {
  await page.waitForFunction(() => !/Not saved|Saving/.test(document.querySelector("[data-testid=rating-bar]")?.textContent ?? ""), null, {
    timeout: LIMIT_MS,
  });
}

async function waitCase(page: Page): Promise<void> {
  await page.waitForSelector("section[data-keys-ready]", { timeout: 60_000 });
}

async function accountLoad(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/account`, { waitUntil: "load" });
  return page.evaluate(() => {
    const [nav] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return nav ? nav.loadEventStart - nav.startTime : Number.NaN;
  });
}

/** The rater's first case, opened and hydrated (one rater after another: 20 cold loads at once time out on 2 busy cores). */
async function open(context: BrowserContext, base: string, queue: string[]): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(LIMIT_MS * 3);
  await page.goto(`${base}/review/${queue[0]}`);
  await waitCase(page);
  return page;
}

async function rater(page: Page, base: string, queue: string[], s: FlowSettings, out: FlowResult): Promise<void> {
  let at = 0;
  for (let i = 0; i < s.transitions && at + 1 < queue.length; i++) {
    await page.waitForTimeout(s.readMs);
    await page.keyboard.press("1");
    await waitSaved(page);
    const next = `/review/${queue[at + 1]}`;
    await armTransition(page, next);
    await page.keyboard.press("n");
    await page.keyboard.press("1");
    const ms = await transitionMs(page);
    if (ms < 0) {
      out.timeouts++;
      await page.goto(`${base}${next}`);
    } else out.next.push(ms);
    at++;
    await waitCase(page);
    await waitSaved(page);
    if ((i + 1) % s.baselineEvery === 0) {
      out.account.push(await accountLoad(page, base));
      await page.goto(`${base}/review/${queue[at]}`);
      await waitCase(page);
    }
  }
  await page.close();
}

/** The raters (their cookies and queues) through `transitions` cases each, all at once. */
export async function measureFlow(base: string, cookies: string[], audit: FlowAudit, s: FlowSettings): Promise<FlowResult> {
  const sampler = chromiumSampler();
  const browser = await launchChromium();
  const out: FlowResult = { next: [], account: [], timeouts: 0, failed: [], chromiumMs: new Map() };
  try {
    const pages: Page[] = [];
    for (const [r, cookie] of cookies.entries()) {
      const context = await signedInContext(browser, base, cookie);
      context.setDefaultNavigationTimeout(LIMIT_MS * 6);
      pages.push(await open(context, base, audit.queues[r]!));
    }
    const settled = await Promise.allSettled(pages.map((page, r) => rater(page, base, audit.queues[r]!, s, out)));
    for (const r of settled) if (r.status === "rejected") out.failed.push(String((r.reason as Error)?.message ?? r.reason).split("\n")[0]!);
  } finally {
    out.chromiumMs = sampler.stop();
    await browser.close();
  }
  return out;
}
