// Where a transition's main-thread time goes: one rater, `--transitions` cases of one kind as
// compare.ts goes through them (a read, `1`, the save, `n` and at once `1`), each `n` traced in
// Chromium (CDP Tracing: the renderer's main thread; CDP Profiler: JavaScript samples) from the
// keydown's dispatch to the moment the callback of the frame that shows the next case with the
// key applied runs (a mark the page makes then; the bench's figure, the rAF timestamp of that
// frame, is printed beside it and can be far earlier when a long task held the frame back).
// Prints, per transition and summed over all, the main thread's busy time and its style, layout,
// paint and GC parts, the tasks of 5 ms or more, and the heaviest JavaScript functions by self
// and inclusive time. Function names are readable on a build made with `next build --no-mangling`
// (not for serving the bench); on an ordinary build they are minified. --save FILE keeps each
// transition's profile and main-thread events.
//
//   npx tsx bench/rater-flow/trace.ts --world DIR/world.json --base http://localhost:3460 --kind mcq [--rater 0] [--transitions 6]
import fs from "node:fs";
import type { CDPSession } from "@playwright/test";
import { requiredFlag } from "../lib/args";
import { launchChromium } from "../app/browser";
import { openQueue, readAndRate, waitSaved } from "./steps";
import type { RaterFlowWorld } from "./world";

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => (args.includes(name) ? requiredFlag(args, name, "trace") : fallback);
const world = JSON.parse(fs.readFileSync(requiredFlag(args, "--world", "trace"), "utf8")) as RaterFlowWorld;
const base = requiredFlag(args, "--base", "trace");
const kind = opt("--kind", "mcq") as "mcq" | "conversation";
const rater = Number(opt("--rater", "0"));
const transitions = Number(opt("--transitions", "6"));
const top = Number(opt("--top", "25"));
/** Keeps each transition's CPU profile and window (JSON) for a closer look. */
const save = args.includes("--save") ? requiredFlag(args, "--save", "trace") : null;
const saved: { profile: unknown; from: number; to: number; events: TraceEvent[] }[] = [];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; name?: string };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

const KINDS: [string, RegExp][] = [
  ["style", /^(UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation|ParseAuthorStyleSheet)$/],
  ["layout", /^(Layout|UpdateLayout|IntersectionObserverController::computeIntersections|ResizeObserverController::computeIntersections)$/],
  ["paint", /^(Paint|PrePaint|Layerize|UpdateLayer|CompositeLayers|Commit|PaintImage|RasterTask)$/],
  ["gc", /^(MinorGC|MajorGC|V8\.GC_.*|BlinkGC\..*)$/],
  ["parse", /^(ParseHTML|v8\.compile|v8\.parseOnBackground|V8\.CompileCode)$/],
];

async function traced(cdp: CDPSession, run: () => Promise<number>): Promise<{ events: TraceEvent[]; profile: unknown; ms: number }> {
  const events: TraceEvent[] = [];
  const onData = (e: { value: object[] }) => events.push(...(e.value as TraceEvent[]));
  cdp.on("Tracing.dataCollected", onData);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8,blink.user_timing,toplevel",
    transferMode: "ReportEvents",
  });
  await cdp.send("Profiler.start");
  const ms = await run();
  const { profile } = await cdp.send("Profiler.stop");
  const done = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
  await cdp.send("Tracing.end");
  await done;
  cdp.off("Tracing.dataCollected", onData);
  return { events, profile, ms };
}

/** Main-thread time by kind within [from, to] (µs, trace clock): exclusive time of the innermost known kind. */
function byKind(events: TraceEvent[], tid: number, from: number, to: number): Map<string, number> {
  const out = new Map<string, number>();
  const spans = events
    .filter((e) => e.tid === tid && e.ph === "X" && e.dur !== undefined && e.ts < to && e.ts + (e.dur ?? 0) > from)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const outer = spans.some((e) => e.name === "ThreadControllerImpl::RunTask") ? "ThreadControllerImpl::RunTask" : "RunTask";
  const tasks = spans.filter((e) => e.name === outer);
  let busy = 0;
  for (const t of tasks) busy += Math.min(to, t.ts + (t.dur ?? 0)) - Math.max(from, t.ts);
  out.set("busy", busy);
  for (const [name, re] of KINDS) {
    // Outermost spans of this kind only (no double counting of nested ones).
    let end = -1;
    let sum = 0;
    for (const e of spans.filter((s) => re.test(s.name))) {
      if (e.ts < end) continue;
      end = e.ts + (e.dur ?? 0);
      sum += Math.min(to, end) - Math.max(from, e.ts);
    }
    out.set(name, sum);
  }
  return out;
}

const keyOf = (f: ProfileNode["callFrame"]) =>
  `${f.functionName || "(anonymous)"} ${f.url.split("/").pop() ?? ""}:${f.lineNumber + 1}:${f.columnNumber + 1}`;

/** Self time (`into`) and inclusive time (`total`, each function once per sample) by function. */
function selfTimes(profile: unknown, fromUs: number, toUs: number, into: Map<string, number>, total: Map<string, number>): void {
  const p = profile as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  let t = p.startTime;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = p.timeDeltas[i + 1] ?? 0;
    t += p.timeDeltas[i] ?? 0;
    if (t < fromUs || t > toUs) continue;
    const n = nodes.get(p.samples[i]!)!;
    const f = n.callFrame;
    if (f.functionName === "(idle)" || f.functionName === "(program)") continue;
    into.set(keyOf(f), (into.get(keyOf(f)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
      const k = keyOf(nodes.get(id)!.callFrame);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + dt);
    }
  }
}

const browser = await launchChromium();
const totals = new Map<string, number>();
const selfTotal = new Map<string, number>();
const inclusive = new Map<string, number>();
try {
  const { page, queue } = await openQueue(browser, base, world, rater, kind);
  const cdp = await page.context().newCDPSession(page);
  for (let i = 0; i < transitions && i + 1 < queue.length; i++) {
    await readAndRate(page);
    const nextPath = `/review/${queue[i + 1]}`;
    const { events, profile, ms } = await traced(cdp, async () => {
      // The page's clock: from the `n` keydown to the frame at which the next case shows the key's rating.
      await page.evaluate(`window.__t = new Promise((resolve) => {
        let start = NaN;
        document.addEventListener("keydown", (e) => { if (e.key === "n" && Number.isNaN(start)) start = e.timeStamp; }, { capture: true, once: false });
        const frame = (now) => {
          const ready = location.pathname === ${JSON.stringify(nextPath)} && document.querySelector("section[data-keys-ready] fieldset label[data-checked]") && !document.querySelector("[data-testid=leaving]");
          if (ready && !Number.isNaN(start)) { performance.mark("flow:ready"); resolve(now - start); } else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }); undefined`);
      await page.keyboard.press("n");
      await page.keyboard.press("1");
      const took = (await page.evaluate("window.__t")) as number;
      await page.waitForTimeout(300);
      return took;
    });
    // The window: from the `n` keydown's dispatch to the mark made when the ready frame's callback ran.
    const mark = (name: string) => events.find((e) => e.name === name && e.cat.includes("user_timing"));
    const ready = mark("flow:ready");
    const keydown = events.find((e) => e.name === "EventDispatch" && e.args?.data?.type === "keydown");
    if (!ready || !keydown) throw new Error("no keydown or ready mark in the trace");
    const tid = keydown.tid;
    const from = keydown.ts;
    const to = ready.ts;
    const kinds = byKind(events, tid, from, to);
    const script = [...events]
      .filter((e) => e.tid === tid && e.ph === "X" && e.ts >= from && e.ts < to && e.name === "RunTask")
      .map((e) => Math.round((e.dur ?? 0) / 1000))
      .filter((d) => d >= 5);
    console.log(
      `#${i + 1} ${((to - from) / 1000).toFixed(0)} ms (bench ${Math.round(ms)}): ${[...kinds].map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join(", ")}; tasks ≥ 5 ms ${JSON.stringify(script)}`,
    );
    for (const [k, v] of kinds) totals.set(k, (totals.get(k) ?? 0) + v);
    // Profiler timestamps share the trace clock (µs, monotonic).
    selfTimes(profile, from, to, selfTotal, inclusive);
    saved.push({ profile, from, to, events: events.filter((e) => e.tid === tid && e.ts + (e.dur ?? 0) >= from && e.ts <= to) });
    await page.waitForSelector("section[data-keys-ready]");
    await waitSaved(page);
  }
} finally {
  await browser.close();
}
if (save) fs.writeFileSync(save, JSON.stringify(saved));
console.log(`sum: ${[...totals].map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join(", ")} ms`);
const ranked = [...selfTotal].sort((a, b) => b[1] - a[1]).slice(0, top);
const all = [...selfTotal.values()].reduce((a, b) => a + b, 0);
console.log(`JavaScript self time in the windows: ${(all / 1000).toFixed(1)} ms; heaviest:`);
for (const [k, v] of ranked) console.log(`  ${(v / 1000).toFixed(1).padStart(7)} ms  ${k}`);
console.log("inclusive:");
for (const [k, v] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top * 2))
  console.log(`  ${(v / 1000).toFixed(1).padStart(7)} ms  ${k}`);
