// Requests of the review-full bench, one at a time so the server's CPU time between two reads
// of /proc is that request's own; each subject interleaved with the same user's /account.
import type { ChildProcess } from "node:child_process";
import readline from "node:readline";
import { request } from "../lib/http";
import { emptySeries, type Series } from "./rows";

export interface Probe {
  base: string;
  /** CPU time of the server so far (ms). */
  cpuMs: () => number;
}

/** A page must answer 200 with the document; a download 200 with a body. */
export type Check = (status: number, body: Buffer) => boolean;
export const isPage: Check = (status, body) => status === 200 && body.includes("<html");
export const isBody: Check = (status, body) => status === 200 && body.length > 0;

/** One GET into a series (latency to the last byte, the server's CPU meanwhile, the size). */
export async function sampleInto(p: Probe, s: Series, path: string, cookie: string, check: Check): Promise<Buffer | null> {
  const cpu = p.cpuMs();
  try {
    const res = await request(`${p.base}${path}`, { headers: { cookie } });
    s.ms.push(res.ms);
    s.cpuMs.push(p.cpuMs() - cpu);
    s.bytes = res.body.length;
    if (!check(res.status, res.body)) {
      s.errors++;
      process.stderr.write(`    GET ${path} → HTTP ${res.status}, ${res.body.length} bytes: not the expected answer\n`);
    }
    return res.body;
  } catch (error) {
    s.errors++;
    process.stderr.write(`    GET ${path} failed: ${(error as Error).message}\n`);
    return null;
  }
}

/**
 * `rounds` × (/account, then the subject), after one unmeasured request of each; `before` runs
 * ahead of each round's subject (e.g. a rating change, so the subject is a first load).
 */
export async function beside(
  p: Probe,
  path: string,
  cookie: string,
  rounds: number,
  o: { check?: Check; before?: () => Promise<void>; warm?: boolean } = {},
): Promise<{ subject: Series; account: Series; body: Buffer | null }> {
  const subject = emptySeries();
  const account = emptySeries();
  const check = o.check ?? isPage;
  let body: Buffer | null = null;
  if (o.warm !== false) {
    await sampleInto(p, emptySeries(), "/account", cookie, isPage);
    body = await sampleInto(p, emptySeries(), path, cookie, check);
  }
  for (let r = 0; r < rounds; r++) {
    await sampleInto(p, account, "/account", cookie, isPage);
    await o.before?.();
    body = (await sampleInto(p, subject, path, cookie, check)) ?? body;
  }
  return { subject, account, body };
}

/**
 * Loads a dashboard every 250 ms until it shows the audit's latest ratings (its live status
 * current, or absent: nothing to refresh); false: it did not within 100 s.
 */
export async function untilShown(p: Probe, dashboard: string, cookie: string): Promise<boolean> {
  for (let tries = 0; tries <= 400; tries++) {
    const body = (await sampleInto(p, emptySeries(), dashboard, cookie, isPage))?.toString("utf8") ?? "";
    if (body.includes('data-current="true"') || !body.includes('data-current="false"')) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** A line-driven child (bench/review-full/change.ts): send a line, await its answer line. */
export function lineClient(child: ChildProcess): (line: string) => Promise<string> {
  const answers: ((l: string) => void)[] = [];
  readline.createInterface({ input: child.stdout! }).on("line", (l) => answers.shift()?.(l));
  return (line) =>
    new Promise((resolve, reject) => {
      if (child.exitCode !== null) return reject(new Error("the change process has exited"));
      answers.push(resolve);
      child.stdin!.write(`${line}\n`);
    });
}

/** Runs `work` again and again until `stop` resolves; how many rounds it completed. */
export async function loopUntil(stop: Promise<unknown>, work: () => Promise<void>): Promise<number> {
  let done = false;
  void stop.finally(() => {
    done = true;
  });
  let rounds = 0;
  while (!done) {
    await work();
    rounds++;
  }
  return rounds;
}
