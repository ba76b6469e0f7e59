// One rater at a time, `n` → next case interactive on two (or more) servers, interleaved: round r
// signs rater r in on each server in turn (the order alternating by round) and goes through
// `--transitions` cases of each kind as measure.ts does (a 1.5 s read, `1`, the save, `n` and at
// once `1`). Per transition, besides the measure, the frame (ms after the `n` keydown) at which the
// address changed, the new rating bar was mounted, its keys were live and the record was on
// screen, with the router requests and long tasks that began after `n`. For A/B work on the case
// page on a quiet machine: two builds served on two copies of one world (setup.ts --raters R).
//
//   npx tsx bench/rater-flow/compare.ts --world DIR/world.json --rounds 4 [--from 0] [--transitions 12] A=http://localhost:3412 B=http://localhost:3413
import fs from "node:fs";
import { requiredFlag } from "../lib/args";
import { percentile } from "../lib/stats";
import { launchChromium } from "../app/browser";
import { openQueue, readAndRate, waitSaved } from "./steps";
import type { RaterFlowWorld } from "./world";

interface Transition {
  /** The bench's measure: the next case's address, live keys and the held key applied; -1 after 20 s. */
  ms: number;
  /**
   * The same frame, timed when its animation-frame callback ran instead of at the frame's start
   * (the timestamp rAF passes): a task that held the main thread before the frame is in it.
   */
  ran: number;
  url: number;
  mounted: number;
  keys: number;
  /** The record viewer in place of its placeholder (or mounted with the case). */
  record: number;
  /** [start, duration, url] of router requests for the next case begun after `n`: a prefetch miss (or a refresh). */
  requests: [number, number, string][];
  /** [start, duration] of long tasks begun after `n`. */
  long: [number, number][];
}

// Runs in the page as text (see measure.ts). Watches frames until the case is interactive and its
// record is shown (at most 3 s for the record).
const TRANSITION = `({ nextPath, limit }) => new Promise((resolve) => {
  let start = Number.NaN, readyAt = -1;
  const out = { url: -1, mounted: -1, keys: -1, record: -1, ran: -1, requests: [], long: [] };
  const oldBar = document.querySelector("[data-testid=rating-bar]");
  const onKey = (e) => { if (e.key === "n" && Number.isNaN(start)) start = e.timeStamp; };
  document.addEventListener("keydown", onKey, { capture: true });
  const po = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (Number.isNaN(start) || e.startTime < start) continue;
      if (e.entryType === "longtask") out.long.push([Math.round(e.startTime - start), Math.round(e.duration)]);
      else if (e.name.includes(nextPath + "?")) out.requests.push([Math.round(e.startTime - start), Math.round(e.duration), e.name.slice(-50)]);
    }
  });
  po.observe({ entryTypes: ["resource", "longtask"] });
  const began = performance.now();
  const finish = (ms) => { document.removeEventListener("keydown", onKey, { capture: true }); setTimeout(() => { po.disconnect(); resolve({ ms, ...out }); }, 50); };
  const frame = (now) => {
    const t = Math.round(now - start), bar = document.querySelector("[data-testid=rating-bar]"), fresh = bar && bar !== oldBar;
    if (!Number.isNaN(start)) {
      if (out.url < 0 && location.pathname === nextPath) out.url = t;
      if (out.mounted < 0 && fresh) out.mounted = t;
      if (out.keys < 0 && fresh && bar.hasAttribute("data-keys-ready")) out.keys = t;
      // The record's pane (both viewers' scrollable region) beside the new case's rating bar.
      if (out.record < 0 && fresh && document.querySelector("[role=region][aria-keyshortcuts='j k']")) out.record = t;
    }
    const ready = location.pathname === nextPath && document.querySelector("section[data-keys-ready] fieldset label[data-checked]") !== null &&
      !document.querySelector("[data-testid=leaving]");
    if (ready && !Number.isNaN(start) && readyAt < 0) {
      readyAt = now - start;
      out.ran = Math.round(performance.now() - start);
    }
    if (readyAt >= 0 && (out.record >= 0 || now - start > 3000)) finish(readyAt);
    else if (now - began > limit) finish(-1);
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

const args = process.argv.slice(2);
const world = JSON.parse(fs.readFileSync(requiredFlag(args, "--world", "compare"), "utf8")) as RaterFlowWorld;
const rounds = Number(requiredFlag(args, "--rounds", "compare"));
const transitions = args.includes("--transitions") ? Number(requiredFlag(args, "--transitions", "compare")) : 12;
/** The first rater to use (raters already used on these worlds are not fresh). */
const from = args.includes("--from") ? Number(requiredFlag(args, "--from", "compare")) : 0;
const arms = args.filter((a) => a.includes("=http")).map((a) => ({ name: a.slice(0, a.indexOf("=")), base: a.slice(a.indexOf("=") + 1) }));
if (arms.length === 0 || !(rounds > 0) || from + rounds > world.emails.length)
  throw new Error("compare: name=base arms, and --rounds ≤ the world's raters");

async function rater(base: string, r: number, kind: "mcq" | "conversation"): Promise<Transition[]> {
  const browser = await launchChromium();
  const out: Transition[] = [];
  try {
    const { page, queue } = await openQueue(browser, base, world, r, kind);
    for (let i = 0; i < transitions && i + 1 < queue.length; i++) {
      await readAndRate(page);
      await page.evaluate(
        `window.__compare = (${TRANSITION})(${JSON.stringify({ nextPath: `/review/${queue[i + 1]}`, limit: 20_000 })}); undefined`,
      );
      await page.keyboard.press("n");
      await page.keyboard.press("1");
      out.push((await page.evaluate("window.__compare")) as Transition);
      await page.waitForSelector("section[data-keys-ready]");
      await waitSaved(page);
    }
  } finally {
    await browser.close();
  }
  return out;
}

const show = (x: Transition) =>
  `${Math.round(x.ms)} (ran ${x.ran}) [url ${x.url} bar ${x.mounted} keys ${x.keys} record ${x.record}` +
  `${x.requests.length ? ` requests ${JSON.stringify(x.requests)}` : ""}${x.long.length ? ` long ${JSON.stringify(x.long)}` : ""}]`;
const all = new Map<string, Transition[]>();
for (let r = from; r < from + rounds; r++)
  for (const kind of ["mcq", "conversation"] as const)
    for (const arm of (r - from) % 2 === 0 ? arms : [...arms].reverse()) {
      const got = await rater(arm.base, r, kind);
      all.set(`${arm.name} ${kind}`, [...(all.get(`${arm.name} ${kind}`) ?? []), ...got]);
      console.log(`round ${r} ${arm.name} ${kind}: ${got.map(show).join(" ")}`);
    }
const p = (xs: number[], q: number) => percentile(xs, q).toFixed(0);
for (const [key, list] of all) {
  const ms = list.filter((x) => x.ms >= 0).map((x) => x.ms);
  const record = list.filter((x) => x.record >= 0).map((x) => x.record);
  const ran = list.filter((x) => x.ms >= 0).map((x) => x.ran);
  console.log(
    `${key}: n=${ms.length} p50 ${p(ms, 50)} p95 ${p(ms, 95)} max ${p(ms, 100)} ms (${list.length - ms.length} over 20 s); ` +
      `callback ran p50 ${p(ran, 50)} p95 ${p(ran, 95)} ms; ` +
      `record on screen p50 ${p(record, 50)} p95 ${p(record, 95)} ms; prefetch misses ${list.filter((x) => x.requests.length > 0).length}`,
  );
}
console.log(`load average ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
