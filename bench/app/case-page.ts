// Row 1: the case page's full HTML document for a ~30K-token history, requested by 20
// signed-in clinicians at once (each their own assignment of that item), beside the same
// bytes served as a static file by the same server (through the same proxy, same cookie). A
// third kind, interleaved with them, is the floor under any page: /account, a signed-in page with
// almost nothing on it (its own row, no target), so the ratio can be read against what the
// framework costs before the case adds anything.
import { concurrently, request } from "../lib/http";
import { summarize } from "../lib/stats";
import { formatCpu, formatLatencies, type BenchRow } from "../lib/table";
import type { AppContext } from "./context";
import { log } from "./context";
import { TARGET } from "./world";

export interface CasePageSettings {
  clinicians: number;
  /** Requests per clinician per round (one after the other). */
  perWorker: number;
  rounds: number;
}

interface Sample {
  ms: number;
  ok: boolean;
}

async function load(
  urls: string[],
  cookies: string[],
  perWorker: number,
  check: (status: number, body: Buffer) => boolean,
): Promise<Sample[]> {
  return concurrently(urls.length, perWorker, async (w) => {
    const started = performance.now();
    try {
      const res = await request(urls[w]!, { headers: { cookie: cookies[w]! } });
      return { ms: res.ms, ok: check(res.status, res.body) };
    } catch {
      return { ms: performance.now() - started, ok: false };
    }
  });
}

export async function benchCasePage(ctx: AppContext, s: CasePageSettings): Promise<BenchRow[]> {
  const { world } = ctx;
  const n = s.clinicians;
  if (world.clinicians.length < n)
    throw new Error(`the world has ${world.clinicians.length} clinicians, the case page benchmark needs ${n}`);
  const pages = world.clinicians.slice(0, n).map((c) => `${ctx.base}/review/${c.assignments[TARGET.mid]}`);
  const statics = pages.map(() => ctx.staticUrls.case);
  const floors = pages.map(() => `${ctx.base}/account`);
  const cookies = ctx.cookies.slice(0, n);
  const marker = Buffer.from(world.histories.mid.externalId);
  const staticBytes = (await request(ctx.staticUrls.case, { headers: { cookie: cookies[0]! } })).body.length;
  const isPage = (status: number, body: Buffer) => status === 200 && body.includes(marker);
  const isStatic = (status: number, body: Buffer) => status === 200 && body.length === staticBytes;
  const isFloor = (status: number, body: Buffer) => status === 200 && body.includes("<html");

  // Warm-up: one request per clinician of each kind, not counted.
  await load(statics, cookies, 1, isStatic);
  await load(pages, cookies, 1, isPage);
  await load(floors, cookies, 1, isFloor);
  const page: Sample[] = [];
  const stat: Sample[] = [];
  const floor: Sample[] = [];
  // The server's CPU time over each kind's loads (NaN if it cannot be read).
  const cpu = { page: 0, stat: 0, floor: 0 };
  const measured = async (kind: keyof typeof cpu, run: () => Promise<Sample[]>) => {
    const before = ctx.serverCpuMs();
    const samples = await run();
    cpu[kind] += ctx.serverCpuMs() - before;
    return samples;
  };
  for (let r = 0; r < s.rounds; r++) {
    stat.push(...(await measured("stat", () => load(statics, cookies, s.perWorker, isStatic))));
    page.push(...(await measured("page", () => load(pages, cookies, s.perWorker, isPage))));
    floor.push(...(await measured("floor", () => load(floors, cookies, s.perWorker, isFloor))));
    log(
      `case page round ${r + 1}/${s.rounds}: page ${formatLatencies(summarize(page.map((x) => x.ms)))}, static ${formatLatencies(summarize(stat.map((x) => x.ms)))}, /account ${formatLatencies(summarize(floor.map((x) => x.ms)))}`,
    );
  }
  // Latencies of answered requests; failures are counted apart (a reset socket fails fast).
  const p = summarize(page.filter((x) => x.ok).map((x) => x.ms));
  const b = summarize(stat.filter((x) => x.ok).map((x) => x.ms));
  const f = summarize(floor.filter((x) => x.ok).map((x) => x.ms));
  const errors = page.filter((x) => !x.ok).length + stat.filter((x) => !x.ok).length;
  const floorErrors = floor.filter((x) => !x.ok).length;
  const ratio = p.p95 / b.p95;
  const h = world.histories.mid;
  // CPU per request; the static files' only when the app server itself served them.
  const pageCpu = cpu.page / page.length;
  const staticCpu = ctx.staticNote ? Number.NaN : cpu.stat / stat.length;
  const floorCpu = cpu.floor / floor.length;
  const cpuNote = Number.isFinite(pageCpu)
    ? ` "CPU": the app server's own CPU time (user + system) per request over the same loads, which the load generator sharing the cores does not blur as it blurs latencies.`
    : "";
  return [
    {
      key: "case.p95",
      benchmark: `case page, ${Math.round(h.tokens / 1000)}K-token history, ${n} concurrent`,
      measured: `${formatLatencies(p)}${formatCpu(pageCpu)}`,
      baseline: `static ${(staticBytes / 1024).toFixed(0)} KB: ${formatLatencies(b)}${formatCpu(staticCpu)}`,
      ratio,
      target: "p95 ≤ 3× static",
      met: errors === 0 && ratio <= 3,
      values: {
        pageP50Ms: p.p50,
        pageP95Ms: p.p95,
        staticP50Ms: b.p50,
        staticP95Ms: b.p95,
        htmlBytes: staticBytes,
        requestsPerKind: p.n,
        concurrency: n,
        errors,
        historyTokens: h.tokens,
        historyEvents: h.events,
        pageCpuMs: pageCpu,
        staticCpuMs: staticCpu,
      },
      note:
        `${p.n} GETs of the full HTML document per kind (${n} signed-in clinicians × ${s.perWorker} × ${s.rounds} round(s), one after the other per clinician), ` +
        `item ${h.externalId} (${h.tokens.toLocaleString("en")} tokens, ${h.events} events before the cutoff); baseline: the same HTML bytes as a file in public/ ` +
        `served by the same next start (through proxy.ts with the same cookie)${ctx.staticNote ? ` — ${ctx.staticNote}` : ""}; no compression; ${errors} failed or wrong responses; load generator on the same machine.${cpuNote}`,
    },
    {
      key: "case.floor",
      benchmark: `floor: /account (signed in, almost empty), ${n} concurrent`,
      measured: `${formatLatencies(f)}${formatCpu(floorCpu)}`,
      baseline: `static ${(staticBytes / 1024).toFixed(0)} KB: ${formatLatencies(b)}${formatCpu(staticCpu)}`,
      ratio: f.p95 / b.p95,
      target: "— (reference)",
      met: null,
      values: { floorP50Ms: f.p50, floorP95Ms: f.p95, staticP95Ms: b.p95, requestsPerKind: f.n, errors: floorErrors, floorCpuMs: floorCpu },
      note:
        `the same pattern, interleaved round by round with the two rows above: what a signed-in page with almost nothing on it costs (session, root layout, header, ` +
        `React's render and Next's request handling), i.e. the least any server-rendered page of this app can cost; ${floorErrors} failed or wrong responses.`,
    },
  ];
}
