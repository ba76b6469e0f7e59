// The corrected-download benchmark against the real production server (`npm start`, its own
// data dir): a full-size audit with ten accepted corrections (bench/corrected/setup.ts), its
// corrected patients.jsonl (the whole dataset, ~300 MB) and instances.jsonl downloaded by the
// organizer — first with nothing cached, then right after an adjudication change (the dataset's
// part is cached, the state is not), then again (cached) — and the change log after a change.
// Baseline: the same bytes as a file on disk, served by node:http on the same machine.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { z } from "zod";
import { parseLastJsonLine } from "../lib/child-json";
import { runTracked } from "../lib/processes";
import { formatMs, type BenchRow } from "../lib/table";
import { startApp } from "../app/server";
import { signIn } from "../app/sign-in";

const ROOT = path.resolve(import.meta.dirname, "../..");
const say = (s: string) => process.stderr.write(`  ${s}\n`);

interface Timed {
  status: number;
  ttfbMs: number;
  totalMs: number;
  bytes: number;
}

/** GET with time to the first body byte and to the last; the body is counted, not kept. */
function timedGet(url: string, cookie?: string): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let ttfbMs = -1;
    let bytes = 0;
    const req = http.get(url, { headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) } }, (res) => {
      res.on("data", (c: Buffer) => {
        if (ttfbMs < 0) ttfbMs = performance.now() - started;
        bytes += c.length;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ttfbMs, totalMs: performance.now() - started, bytes }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** The baseline: files on disk, streamed by node:http with their length. */
function serveDir(port: number, dir: string): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.basename(req.url ?? ""));
    if (!fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { "content-length": String(fs.statSync(file).size), "content-type": "application/octet-stream" });
    fs.createReadStream(file, { highWaterMark: 1 << 20 }).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({ base: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) }),
    );
  });
}

async function tsx(script: string, args: string[]): Promise<string> {
  const r = await runTracked(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, script), ...args], {
    cwd: ROOT,
    echo: "    ",
  });
  if (r.code !== 0) throw new Error(`${script} failed (exit ${r.code}): ${r.stderr.trim().split("\n").slice(-3).join(" / ")}`);
  return r.stdout;
}

const fmt = (t: Timed) => `first byte ${formatMs(t.ttfbMs)} · all ${formatMs(t.totalMs)}`;
const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;

export async function benchCorrected(inputDir: string, port: number, dataDir: string): Promise<BenchRow[]> {
  const world = parseLastJsonLine(
    "bench/corrected/setup.ts",
    await tsx("bench/corrected/setup.ts", ["--input", inputDir, "--data", dataDir]),
    z.object({ password: z.string(), organizer: z.string(), auditId: z.string(), changes: z.number() }),
  );
  const app = await startApp({ port, dataDir });
  const baselineDir = path.join(dataDir, "baseline");
  let baseline: Awaited<ReturnType<typeof serveDir>> | undefined;
  try {
    const cookie = await signIn(app.base, world.organizer, world.password);
    const url = (file: string) => `${app.base}/api/audits/${world.auditId}/corrected/${file}`;
    const get = async (file: string, what: string) => {
      const t = await timedGet(url(file), cookie);
      if (t.status !== 200) throw new Error(`${file} (${what}) answered HTTP ${t.status}`);
      say(`${what}: ${file} ${mb(t.bytes)} ${fmt(t)}`);
      return t;
    };
    let rev = 0;
    const change = () => tsx("bench/corrected/change.ts", ["--data", dataDir, "--audit", world.auditId, "--rev", String(++rev)]);

    const cold = await get("patients.jsonl", "cold, nothing cached");
    await change();
    const changed = await get("patients.jsonl", "right after an adjudication change");
    const repeat = await get("patients.jsonl", "repeat (cached)");
    const items = await get("instances.jsonl", "instances, cached");
    // The same bytes as files on disk, copied while this state is still the cached one.
    fs.mkdirSync(baselineDir, { recursive: true });
    for (const f of ["patients.jsonl", "instances.jsonl"]) {
      const res = await fetch(url(f), { headers: { cookie } });
      await fs.promises.writeFile(path.join(baselineDir, f), Buffer.from(await res.arrayBuffer()));
    }
    await change();
    const log = await get("changelog.md", "change log right after a change");
    baseline = await serveDir(port + 1, baselineDir);
    const staticBig = await timedGet(`${baseline.base}/patients.jsonl`);
    const staticSmall = await timedGet(`${baseline.base}/instances.jsonl`);
    say(`static baseline: patients.jsonl ${fmt(staticBig)}; instances.jsonl ${fmt(staticSmall)}`);

    const row = (key: string, label: string, t: Timed, base: Timed, target: string, met: boolean | null, note?: string): BenchRow => ({
      key,
      benchmark: label,
      measured: fmt(t),
      baseline: `static file ${fmt(base)}`,
      ratio: t.totalMs / base.totalMs,
      target,
      met,
      values: { ttfbMs: t.ttfbMs, totalMs: t.totalMs, bytes: t.bytes, baselineTtfbMs: base.ttfbMs, baselineTotalMs: base.totalMs },
      ...(note ? { note } : {}),
    });
    const target = "≤ 2 s first byte, ≤ 10 s all";
    const meets = (t: Timed) => t.ttfbMs <= 2000 && t.totalMs <= 10_000;
    return [
      row(
        "corrected.cold",
        `corrected patients.jsonl (${mb(cold.bytes)}), first download, nothing cached`,
        cold,
        staticBig,
        target,
        meets(cold),
        "builds the dataset's part from the database and validates it once (its digest, kept beside it), then the items and their validation against it, before the first byte; the page starts this build when it is opened",
      ),
      row(
        "corrected.changed",
        "the same right after an adjudication change (dataset part cached)",
        changed,
        staticBig,
        target,
        meets(changed),
        "the new state's build reads the items and the importer's item rules check them against the dataset's kept patients digest (lib/formats/validate-parts.ts): a download asked at that instant waits for that only",
      ),
      row("corrected.cached", "the same again (cached)", repeat, staticBig, target, meets(repeat)),
      row("corrected.items", `corrected instances.jsonl (${mb(items.bytes)}), cached`, items, staticSmall, target, meets(items)),
      {
        key: "corrected.changelog",
        benchmark: `change log (${log.bytes} bytes) right after a change`,
        measured: fmt(log),
        baseline: "—",
        ratio: null,
        target,
        met: meets(log),
        values: { ttfbMs: log.ttfbMs, totalMs: log.totalMs, bytes: log.bytes },
      },
    ];
  } finally {
    await baseline?.close();
    await app.stop();
  }
}
