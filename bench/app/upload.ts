// The web upload of the full-size JSONL pair through the real route of the real server
// (`npm start`, its own data dir): multipart body streamed from disk with a Content-Length, as
// a browser sends it, NDJSON progress read to the result. Beside it, `clinaudit import` of the
// same files into a fresh database. Peak RSS: the server's next-server process (sampled), and
// the command line's maxRSS (GNU time).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { formatMs, type BenchRow } from "../lib/table";
import { nextServerPid, startApp } from "./server";
import { signIn } from "./sign-in";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ADMIN = { email: "bench-upload@example.org", password: "bench-upload-password-2026" };

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** POSTs the files as multipart/form-data; resolves with the result line and when the body was sent. */
function upload(
  base: string,
  cookie: string,
  files: string[],
  name: string,
  onSent: () => void,
): Promise<{ sentMs: number; totalMs: number; result: string }> {
  const boundary = "----bench-upload";
  const head = (f: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${path.basename(f)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
  const nameField = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n`);
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const length = nameField.length + files.reduce((n, f) => n + head(f).length + fs.statSync(f).size + 2, 0) + tail.length;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let sentMs = 0;
    const req = http.request(`${base}/api/datasets/import`, {
      method: "POST",
      headers: {
        cookie,
        accept: "application/x-ndjson",
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(length),
        origin: base,
      },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => {
        const last = text.trimEnd().split("\n").pop() ?? "";
        if (res.statusCode !== 200 || !last.includes('"type":"result"'))
          reject(new Error(`upload answered HTTP ${res.statusCode}: ${last.slice(0, 200)}`));
        else resolve({ sentMs, totalMs: performance.now() - started, result: last });
      });
    });
    (async () => {
      req.write(nameField);
      for (const f of files) {
        req.write(head(f));
        for await (const chunk of fs.createReadStream(f, { highWaterMark: 1 << 20 }))
          if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
        req.write("\r\n");
      }
      req.end(tail, () => {
        sentMs = performance.now() - started;
        onSent();
      });
    })().catch(reject);
  });
}

export async function benchUpload(inputDir: string, port: number, dataDir: string): Promise<BenchRow[]> {
  const files = ["patients.jsonl", "instances.jsonl"].map((f) => path.join(inputDir, f));
  const megabytes = files.reduce((n, f) => n + fs.statSync(f).size, 0) / 1e6;

  // The command line first, on a database of its own.
  const cliDir = `${dataDir}-cli`;
  fs.rmSync(cliDir, { recursive: true, force: true });
  fs.mkdirSync(cliDir, { recursive: true });
  const { DATABASE_URL: _d, ...env } = process.env;
  const cli = spawnSync("/usr/bin/time", ["-f", "TIME %e %M", process.execPath, "bin/clinaudit.mjs", "import", ...files], {
    cwd: ROOT,
    env: { ...env, CLINAUDIT_DATA_DIR: cliDir },
    encoding: "utf8",
  });
  const m = /TIME ([\d.]+) (\d+)/.exec(cli.stderr ?? "");
  if (cli.status !== 0 || !m) throw new Error(`clinaudit import failed: ${(cli.stderr ?? "").trim().split("\n").slice(-2).join(" / ")}`);
  const cliMs = Number(m[1]) * 1000;
  const cliRssMb = Number(m[2]) / 1024;
  fs.rmSync(cliDir, { recursive: true, force: true });

  fs.rmSync(dataDir, { recursive: true, force: true });
  const app = await startApp({ port, dataDir, env: { CLINAUDIT_ADMIN_EMAIL: ADMIN.email, CLINAUDIT_ADMIN_PASSWORD: ADMIN.password } });
  try {
    const pid = nextServerPid(app.group);
    if (!pid) throw new Error("could not find the next-server process of the app server");
    const cookie = await signIn(app.base, ADMIN.email, ADMIN.password);
    const idleMb = rssMb(pid);
    let peakMb = idleMb;
    let transferPeakMb = idleMb;
    let sending = true;
    const sampler = setInterval(() => {
      const now = rssMb(pid);
      peakMb = Math.max(peakMb, now);
      if (sending) transferPeakMb = Math.max(transferPeakMb, now);
    }, 100);
    let r: Awaited<ReturnType<typeof upload>>;
    try {
      r = await upload(app.base, cookie, files, "bench web upload", () => (sending = false));
    } finally {
      clearInterval(sampler);
    }
    if (!r.result.includes('"status":"imported"')) throw new Error(`the upload did not import: ${r.result.slice(0, 300)}`);
    return [
      {
        key: "upload.web",
        benchmark: `web upload of the JSONL pair (${megabytes.toFixed(0)} MB) through POST /api/datasets/import`,
        measured: `${formatMs(r.totalMs)} (body sent after ${formatMs(r.sentMs)}), server peak RSS ${peakMb.toFixed(0)} MB`,
        baseline: `clinaudit import of the same files ${formatMs(cliMs)}, ${cliRssMb.toFixed(0)} MB`,
        ratio: r.totalMs / cliMs,
        target: "≤ 500 MB peak RSS",
        met: peakMb <= 500,
        values: {
          totalMs: r.totalMs,
          sentMs: r.sentMs,
          peakRssMb: peakMb,
          idleRssMb: idleMb,
          transferPeakRssMb: transferPeakMb,
          cliMs,
          cliRssMb,
          megabytes,
        },
        note: `next-server RSS sampled every 100 ms: ${idleMb.toFixed(0)} MB idle before the upload; ${transferPeakMb.toFixed(0)} MB peak while the body was being received (streamed to disk, never whole in memory).`,
      },
    ];
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
