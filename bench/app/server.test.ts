import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { chromiumKind, chromiumSampler, machineCpuMs, processCpuMs } from "./server";

describe("processCpuMs", () => {
  it("reads a process's CPU time from /proc, growing as it works", () => {
    const before = processCpuMs(process.pid);
    expect(Number.isFinite(before)).toBe(true);
    const until = performance.now() + 60;
    let x = 0;
    while (performance.now() < until) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    // 60 ms of spinning is at least a few clock ticks (10 ms each at the usual 100 Hz).
    expect(processCpuMs(process.pid) - before).toBeGreaterThanOrEqual(20);
  });

  it("is NaN for no process or one that does not exist", () => {
    expect(processCpuMs(undefined)).toBeNaN();
    expect(processCpuMs(2 ** 22 + 12345)).toBeNaN();
  });
});

describe("machineCpuMs", () => {
  it("counts every state but idle and I/O wait as busy, over all cores", () => {
    const stat = "cpu  100 20 30 400 50 5 5 10 7 0\ncpu0 50 10 15 200 25 2 3 5 3 0\nintr 1\n";
    const { busy, total } = machineCpuMs(stat);
    const tick = total / 620; // 620 ticks in all (guest time is inside user)
    expect(busy / tick).toBeCloseTo(170, 6);
  });

  it("rises as this process works", () => {
    const before = machineCpuMs().busy;
    const until = performance.now() + 50;
    while (performance.now() < until);
    expect(machineCpuMs().busy).toBeGreaterThan(before);
  });
});

describe("chromiumKind", () => {
  it("reads the kind from either form of a Chromium command line", () => {
    expect(chromiumKind("/usr/lib/chromium/chromium\0--no-sandbox\0--headless\0")).toBe("browser");
    expect(chromiumKind("/usr/lib/chromium/chromium --type=gpu-process --no-sandbox --headless\0")).toBe("gpu-process");
    expect(chromiumKind("/usr/lib/chromium/chromium --type=renderer --crashpad-handler-pid=0")).toBe("renderer");
    expect(chromiumKind("/usr/lib/chromium/chromium\0--type=utility\0--utility-sub-type=network.mojom.NetworkService\0")).toBe("utility");
    expect(chromiumKind("/usr/lib/chromium/chromium --type=zygote --no-zygote-sandbox")).toBe("other");
    expect(chromiumKind("/usr/bin/chromium-headless-shell --type=renderer")).toBe("renderer");
  });

  it("is null for other programs, including ones that only mention Chromium", () => {
    expect(chromiumKind("/usr/lib/chromium/chrome_crashpad_handler --monitor-self")).toBeNull();
    expect(chromiumKind("node\0bench/run.ts\0--chromium\0/usr/bin/chromium\0")).toBeNull();
    expect(chromiumKind("")).toBeNull();
  });
});

/** A Node process that Chromium's kind test takes for a Chromium process of `kind`, spinning for `ms`. */
function fakeChromium(kind: string, ms: number) {
  const child = spawn(process.execPath, ["-e", `const u = Date.now() + ${ms}; while (Date.now() < u);`, "--", `--type=${kind}`], {
    argv0: "chromium",
    stdio: "ignore",
  });
  return { child, exited: new Promise<void>((resolve) => child.once("exit", () => resolve())) };
}

describe("chromiumSampler", () => {
  it("counts the processes started after it, by kind, including one that ended before stop", async () => {
    const old = fakeChromium("gpu-process", 1500); // running before the sampler: not the bench's
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sampler = chromiumSampler(50);
    const renderer = fakeChromium("renderer", 400);
    await renderer.exited;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const byKind = sampler.stop();
    old.child.kill();
    await old.exited;
    // Sampled every 50 ms until it ended: most of its 400 ms of spinning (plus Node's start).
    expect(byKind.get("renderer")).toBeGreaterThanOrEqual(200);
    expect(byKind.has("gpu-process")).toBe(false);
  });
});
