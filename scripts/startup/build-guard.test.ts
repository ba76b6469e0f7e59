// Two starts in one checkout (issue 16, finding 7), on a scratch checkout with a stand-in build:
// the first start serves from a child process; a second start with changed code must refuse
// rather than rebuild `.next` under it, and builds once the first has stopped.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIsCurrent, prepareToServe, runningServers, StartRefused, withBuildLock } from "./build-guard";

const guard = path.resolve(import.meta.dirname, "build-guard.ts");
const children: ChildProcess[] = [];
const quiet = () => {};

function scratchCheckout(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-start-"));
  fs.mkdirSync(path.join(root, "app"));
  fs.writeFileSync(path.join(root, "app", "page.tsx"), "export default 1;\n");
  return root;
}

/** The stand-in for `next build`: writes a new BUILD_ID and counts itself. */
function fakeBuild(root: string, counter: { builds: number }) {
  return () => {
    counter.builds += 1;
    fs.mkdirSync(path.join(root, ".next"), { recursive: true });
    fs.writeFileSync(path.join(root, ".next", "BUILD_ID"), `build-${Date.now()}-${counter.builds}`);
    return 0;
  };
}

/** A first `npm start` in another process: prepares (building if needed), registers, serves until killed. */
async function startServer(root: string): Promise<ChildProcess> {
  const script = `
    import fs from "node:fs";
    const { prepareToServe } = await import(${JSON.stringify(guard)});
    const build = () => { fs.mkdirSync(${JSON.stringify(path.join(root, ".next"))}, { recursive: true }); fs.writeFileSync(${JSON.stringify(path.join(root, ".next", "BUILD_ID"))}, "first"); return 0; };
    prepareToServe(${JSON.stringify(root)}, 3171, build, () => {});
    console.log("serving");
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("serving") && resolve());
    child.on("exit", (code) => reject(new Error(`the first start exited with ${code}`)));
  });
  return child;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

describe("two starts in one checkout", () => {
  it("the second start refuses to rebuild under the running server, and builds once it stopped", async () => {
    const root = scratchCheckout();
    const first = await startServer(root);
    expect(fs.readFileSync(path.join(root, ".next", "BUILD_ID"), "utf8")).toBe("first");
    expect(runningServers(root).map((s) => s.pid)).toEqual([first.pid]);

    // Same code: a second server may share the build (nothing is rebuilt).
    const counter = { builds: 0 };
    prepareToServe(root, 3172, fakeBuild(root, counter), quiet)();
    expect(counter.builds).toBe(0);

    // Changed code: refused, with the running server named, and `.next` left alone.
    fs.writeFileSync(path.join(root, "app", "page.tsx"), "export default 2;\n");
    expect(() => prepareToServe(root, 3172, fakeBuild(root, counter), quiet)).toThrow(
      new RegExp(`running from this checkout \\(pid ${first.pid} on port 3171\\)`),
    );
    expect(counter.builds).toBe(0);
    expect(fs.readFileSync(path.join(root, ".next", "BUILD_ID"), "utf8")).toBe("first");

    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    const unregister = prepareToServe(root, 3172, fakeBuild(root, counter), quiet);
    expect(counter.builds).toBe(1);
    expect(buildIsCurrent(root)).toBe(true);
    unregister();
    expect(runningServers(root)).toEqual([]);
  }, 60_000);

  it("a build whose code changed while it ran is not served", () => {
    const root = scratchCheckout();
    const build = () => {
      fakeBuild(root, { builds: 0 })();
      fs.writeFileSync(path.join(root, "app", "page.tsx"), "export default 3;\n"); // an edit mid-build
      return 0;
    };
    expect(() => prepareToServe(root, 3173, build, quiet)).toThrow(/changed while the app was being built/);
  });

  it("touching files without changing them (a regenerated client) does not make the build stale", () => {
    const root = scratchCheckout();
    prepareToServe(root, 3173, fakeBuild(root, { builds: 0 }), quiet)();
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, "app", "page.tsx"), later, later);
    expect(buildIsCurrent(root)).toBe(true);
    fs.appendFileSync(path.join(root, "app", "page.tsx"), "// edit\n");
    expect(buildIsCurrent(root)).toBe(false);
  });

  it("two starts never build at once; a lock left by a dead start is taken over", () => {
    const root = scratchCheckout();
    const inner = () => withBuildLock(root, () => "never");
    expect(() => withBuildLock(root, inner)).toThrow(StartRefused);
    // Held by another live process: waited for up to waitMs, then refused.
    fs.writeFileSync(path.join(root, ".clinaudit-run", "build.lock"), String(process.ppid));
    const lines: string[] = [];
    expect(() => withBuildLock(root, () => "never", { waitMs: 300, log: (l) => lines.push(l) })).toThrow(StartRefused);
    expect(lines).toEqual([`Waiting for another start in this checkout (pid ${process.ppid}) to finish building or starting…`]);
    fs.writeFileSync(path.join(root, ".clinaudit-run", "build.lock"), "99999999");
    expect(withBuildLock(root, () => "ran")).toBe("ran");
  });
});

it("a start waits for one holding the lock, then goes (starts side by side run one after the other)", async () => {
  const root = scratchCheckout();
  fs.mkdirSync(path.join(root, ".clinaudit-run"), { recursive: true });
  const lock = path.join(root, ".clinaudit-run", "build.lock");
  // Another live process takes the lock for ~1.5 s, as a start building or migrating would.
  const holder = spawn(process.execPath, [
    "-e",
    `require("fs").writeFileSync(${JSON.stringify(lock)}, String(process.pid), { flag: "wx" }); setTimeout(() => require("fs").rmSync(${JSON.stringify(lock)}), 1500);`,
  ]);
  try {
    while (!fs.existsSync(lock)) await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    expect(withBuildLock(root, () => "ran", { log: () => {} })).toBe("ran");
    expect(Date.now() - started).toBeGreaterThan(500);
  } finally {
    holder.kill();
  }
});

describe("what counts as a change", () => {
  it("tests and notes beside the code do not make the build stale", () => {
    const root = scratchCheckout();
    prepareToServe(root, 3174, fakeBuild(root, { builds: 0 }), quiet)();
    fs.writeFileSync(path.join(root, "app", "README.md"), "notes\n");
    fs.writeFileSync(path.join(root, "app", "page.test.tsx"), "test\n");
    expect(buildIsCurrent(root)).toBe(true);
  });

  it("the bench's static pages in public/ do not make the build stale (they forced a rebuild per bench run)", () => {
    const root = scratchCheckout();
    prepareToServe(root, 3174, fakeBuild(root, { builds: 0 }), quiet)();
    fs.mkdirSync(path.join(root, "public"), { recursive: true });
    fs.writeFileSync(path.join(root, "public", "bench-static-case.html"), "<p>static</p>\n");
    expect(buildIsCurrent(root)).toBe(true);
    fs.writeFileSync(path.join(root, "public", "robots.txt"), "User-agent: *\n");
    expect(buildIsCurrent(root)).toBe(false);
  });
});
