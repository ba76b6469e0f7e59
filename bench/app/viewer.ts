// Row 2: the EHR viewer in Chromium. First contentful paint (from navigation start, so the
// server's answer is included on both sides) and DOM size of the case page with the LONGEST
// pre-cutoff record, beside a plain static HTML page of the same record; DOM size of a SHORT
// history's case page too, to show it does not grow with the record; and how smoothly the
// longest record scrolls under the wheel (frame intervals), beside the static page scrolled
// the same way.
import type { Browser, Page } from "@playwright/test";
import { median, percentile } from "../lib/stats";
import { formatMs, type BenchRow } from "../lib/table";
import { launchChromium, signedInContext } from "./browser";
import type { AppContext } from "./context";
import { log } from "./context";
import { TARGET } from "./world";

export interface ViewerSettings {
  /** Measured loads per page (after one warm-up load each). */
  loads: number;
}

interface Load {
  fcpMs: number;
  /** Navigation start → first byte of the answer: the server's share of the FCP. */
  ttfbMs: number;
  elements: number;
}

const MAX_ELEMENTS = 1500;
/** Wheel steps per scroll run, each 240 px, one every ~16 ms: about 19,000 px in one second. */
const WHEEL_STEPS = 80;
const WHEEL_PX = 240;

interface Scroll {
  /** Frame-to-frame intervals while the wheel ran, ms. */
  p50: number;
  p95: number;
  /** Frames that took longer than 50 ms (a visible stutter). */
  long: number;
  frames: number;
  /** How far the scroller actually moved. */
  movedPx: number;
}

/**
 * Wheels the record (the case page's record pane, or the static page's window) from where it
 * opens, recording every animation frame's time, and returns the frame intervals. The case page
 * opens at the cutoff (the end), so it is wheeled up; the static page opens at the top and is
 * wheeled down.
 */
async function scrollRun(browser: Browser, ctx: AppContext, url: string, casePage: boolean): Promise<Scroll> {
  const context = await signedInContext(browser, ctx.base, ctx.cookies[0]!);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    if (casePage) await page.locator("section[data-keys-ready]").waitFor({ timeout: 120_000 });
    const pane = casePage ? page.locator("[role=region][aria-keyshortcuts='j k']") : page.locator("body");
    const box = (await pane.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height, 800) / 2);
    // Settled first: the viewer measures its rows and scrolls itself to the cutoff after hydration.
    await page.waitForTimeout(500);
    const position = () =>
      page.evaluate((c) => (c ? document.querySelector("[role=region][aria-keyshortcuts='j k']")!.scrollTop : window.scrollY), casePage);
    const from = await position();
    // A string, not a function: tsx (esbuild, keepNames) would wrap a named inner function in a
    // __name() helper that does not exist in the page.
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__recording = true;
      const tick = (t) => { window.__frames.push(t); if (window.__recording) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    })()`);
    for (let i = 0; i < WHEEL_STEPS; i++) {
      await page.mouse.wheel(0, casePage ? -WHEEL_PX : WHEEL_PX);
      await page.waitForTimeout(16);
    }
    await page.waitForTimeout(200);
    const times = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __recording: boolean };
      w.__recording = false;
      return w.__frames;
    });
    const movedPx = Math.abs((await position()) - from);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    return { p50: percentile(gaps, 50), p95: percentile(gaps, 95), long: gaps.filter((g) => g > 50).length, frames: gaps.length, movedPx };
  } finally {
    await context.close();
  }
}

async function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const fcp = list.getEntriesByName("first-contentful-paint")[0];
          if (fcp) resolve(fcp.startTime);
        }).observe({ type: "paint", buffered: true });
      }),
  );
}

/** One load in a fresh context (empty cache): FCP, then the element count once the page is ready. */
async function loadOnce(browser: Browser, ctx: AppContext, url: string, casePage: boolean): Promise<Load> {
  const context = await signedInContext(browser, ctx.base, ctx.cookies[0]!);
  try {
    const page = await context.newPage();
    const res = await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    if (res?.status() !== 200) throw new Error(`GET ${url} answered ${res?.status()}`);
    // The case page is ready when the rating panel has hydrated (its shortcuts are live).
    if (casePage) await page.locator("section[data-keys-ready]").waitFor({ timeout: 120_000 });
    const fcpMs = await firstContentfulPaint(page);
    const ttfbMs = await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart);
    const elements = await page.evaluate(() => document.getElementsByTagName("*").length);
    return { fcpMs, ttfbMs, elements };
  } finally {
    await context.close();
  }
}

const medians = (loads: Load[]): Load => ({
  fcpMs: median(loads.map((l) => l.fcpMs)),
  ttfbMs: median(loads.map((l) => l.ttfbMs)),
  elements: median(loads.map((l) => l.elements)),
});

async function measure(browser: Browser, ctx: AppContext, url: string, casePage: boolean, loads: number): Promise<Load> {
  await loadOnce(browser, ctx, url, casePage);
  const all: Load[] = [];
  for (let i = 0; i < loads; i++) all.push(await loadOnce(browser, ctx, url, casePage));
  return medians(all);
}

export async function benchViewer(ctx: AppContext, s: ViewerSettings): Promise<BenchRow[]> {
  const { world } = ctx;
  const own = world.clinicians[0]!.assignments;
  const longestUrl = `${ctx.base}/review/${own[TARGET.longest]}`;
  const shortUrl = `${ctx.base}/review/${own[TARGET.short]}`;
  const browser = await launchChromium();
  try {
    // Interleaved, so drifts in machine load hit both sides alike.
    const page: Load[] = [];
    const stat: Load[] = [];
    await loadOnce(browser, ctx, longestUrl, true);
    await loadOnce(browser, ctx, ctx.staticUrls.longest, false);
    for (let i = 0; i < s.loads; i++) {
      stat.push(await loadOnce(browser, ctx, ctx.staticUrls.longest, false));
      page.push(await loadOnce(browser, ctx, longestUrl, true));
    }
    const longest = medians(page);
    const staticLongest = medians(stat);
    log(
      `viewer longest: FCP ${formatMs(longest.fcpMs)}, first byte ${formatMs(longest.ttfbMs)} (static ${formatMs(staticLongest.fcpMs)}, ${formatMs(staticLongest.ttfbMs)}), ${longest.elements} elements (static ${staticLongest.elements})`,
    );
    const short = await measure(browser, ctx, shortUrl, true, Math.min(3, s.loads));
    const staticShort = await measure(browser, ctx, ctx.staticUrls.short, false, 1);
    log(`viewer short: ${short.elements} elements (static ${staticShort.elements})`);
    // Scrolling, interleaved the same way; each side's median run by p95 frame interval.
    const scrolls: Scroll[] = [];
    const staticScrolls: Scroll[] = [];
    for (let i = 0; i < Math.max(3, Math.min(5, s.loads)); i++) {
      staticScrolls.push(await scrollRun(browser, ctx, ctx.staticUrls.longest, false));
      scrolls.push(await scrollRun(browser, ctx, longestUrl, true));
    }
    const middle = (runs: Scroll[]) => [...runs].sort((a, b) => a.p95 - b.p95)[Math.floor(runs.length / 2)]!;
    const scroll = middle(scrolls);
    const staticScroll = middle(staticScrolls);
    log(
      `viewer scroll: frames p50 ${formatMs(scroll.p50)} p95 ${formatMs(scroll.p95)}, ${scroll.long} over 50 ms (static p95 ${formatMs(staticScroll.p95)}, ${staticScroll.long} over 50 ms)`,
    );

    const L = world.histories.longest;
    const S = world.histories.short;
    const fcpRatio = longest.fcpMs / staticLongest.fcpMs;
    const size = (h: typeof L) => `${h.tokens.toLocaleString("en")} tokens, ${h.events} events`;
    const where = `Chromium (playwright.config launch options), 1440×900, a fresh context per load, median of ${s.loads} loads after a warm-up`;
    return [
      {
        key: "viewer.fcp",
        benchmark: `viewer FCP, longest history (${Math.round(L.tokens / 1000)}K tokens)`,
        measured: formatMs(longest.fcpMs),
        baseline: `static page ${formatMs(staticLongest.fcpMs)}`,
        ratio: fcpRatio,
        target: "≤ 1.5× static",
        met: fcpRatio <= 1.5,
        values: {
          fcpMs: longest.fcpMs,
          ttfbMs: longest.ttfbMs,
          staticFcpMs: staticLongest.fcpMs,
          staticTtfbMs: staticLongest.ttfbMs,
          loads: s.loads,
          historyTokens: L.tokens,
          historyEvents: L.events,
        },
        note: `first-contentful-paint from navigation start (server time included: first byte after ${formatMs(longest.ttfbMs)}, static ${formatMs(staticLongest.ttfbMs)}) of the case page of ${L.externalId} (${size(L)} before the cutoff) vs the same record as plain static HTML (one section per event, no script) from the same server; ${where}${ctx.staticNote ? ` — ${ctx.staticNote}` : ""}.`,
      },
      {
        key: "viewer.scroll",
        benchmark: "viewer scrolling, longest history: frame interval",
        measured: `p50 ${formatMs(scroll.p50)} · p95 ${formatMs(scroll.p95)} · ${scroll.long} frames > 50 ms`,
        baseline: `static page p50 ${formatMs(staticScroll.p50)} · p95 ${formatMs(staticScroll.p95)} · ${staticScroll.long} > 50 ms`,
        ratio: scroll.p95 / staticScroll.p95,
        target: "p95 ≤ 2× static",
        met: scroll.p95 <= 2 * staticScroll.p95,
        values: {
          ...scroll,
          staticP50: staticScroll.p50,
          staticP95: staticScroll.p95,
          staticLong: staticScroll.long,
          staticFrames: staticScroll.frames,
          staticMovedPx: staticScroll.movedPx,
          runs: scrolls.length,
        },
        note: `${WHEEL_STEPS} wheel steps of ${WHEEL_PX} px, one every ~16 ms, over the record pane of the case page (opened at the cutoff, wheeled up) and over the static page (wheeled down); requestAnimationFrame times while wheeling; the run with the median p95 of ${scrolls.length} per side, interleaved. Moved ${Math.round(scroll.movedPx).toLocaleString("en")} px (static ${Math.round(staticScroll.movedPx).toLocaleString("en")} px). Software rendering (--disable-gpu), as the e2e browser.`,
      },
      {
        key: "viewer.dom.longest",
        benchmark: "viewer DOM elements, longest history",
        measured: longest.elements.toLocaleString("en"),
        baseline: `static page ${staticLongest.elements.toLocaleString("en")}`,
        ratio: longest.elements / staticLongest.elements,
        target: `≤ ${MAX_ELEMENTS.toLocaleString("en")}`,
        met: longest.elements <= MAX_ELEMENTS,
        values: { elements: longest.elements, staticElements: staticLongest.elements },
        note: "document.getElementsByTagName('*').length once the rating panel has hydrated (static page: after load); the whole page, header and rating panel included.",
      },
      {
        key: "viewer.dom.short",
        benchmark: `viewer DOM elements, short history (${S.tokens.toLocaleString("en")} tokens)`,
        measured: short.elements.toLocaleString("en"),
        baseline: `static page ${staticShort.elements.toLocaleString("en")}`,
        ratio: short.elements / staticShort.elements,
        target: `≤ ${MAX_ELEMENTS.toLocaleString("en")}, ~flat`,
        met: short.elements <= MAX_ELEMENTS,
        values: {
          elements: short.elements,
          staticElements: staticShort.elements,
          historyTokens: S.tokens,
          historyEvents: S.events,
          growthVsLongest: longest.elements - short.elements,
        },
      },
    ];
  } finally {
    await browser.close();
  }
}
