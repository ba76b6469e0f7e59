import "server-only";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../../db/client";
import { env } from "../../env";
import type { BuildPhase, CorrectedManifest } from "./corrected-build";
import { buildCorrectedOffLoop } from "./corrected-thread/client";
import { correctedState, type CorrectedState } from "./corrected-state";
import { processWide } from "../../process-wide";
import { log } from "../log";

// The corrected benchmark is built once per adjudication state and kept on disk:
//   <data dir>/exports/corrected/datasets/<dataset>/v<N>/patients.part   once per dataset
//   <data dir>/exports/corrected/datasets/<dataset>/v<N>/patients.digest.*  its validation, once (corrected-digest.ts)
//   <data dir>/exports/corrected/audits/<audit>/<state key>/             items part, change logs, manifest
// A state key changes with any change of the adjudication (corrected-state.ts), so a cached
// file is never stale; downloads stream from these files at once.

export function correctedRoot(): string {
  return path.resolve(env().CLINAUDIT_DATA_DIR, "exports", "corrected");
}

export type CorrectedStatus =
  | { state: "building"; key: string; progress: BuildPhase | { phase: "queued" } }
  | { state: "ready" | "invalid"; key: string; manifest: CorrectedManifest }
  | { state: "failed"; key: string };

interface Build {
  progress: BuildPhase | { phase: "queued" };
  done: Promise<CorrectedManifest>;
}

// Shared by every module instance of the server process (route handlers, pages and actions may
// be bundled apart): one build per state at a time, and builds one after another (the first of
// a dataset reads and checks all of it), each in a thread of its own (corrected-thread/).
interface Registry {
  builds: Map<string, Build>;
  failed: Set<string>;
  queue: Promise<unknown>;
}
function registry(): Registry {
  return processWide("corrected-builds", () => ({ builds: new Map(), failed: new Set(), queue: Promise.resolve() }));
}

const stateDir = (root: string, s: CorrectedState) => path.join(root, "audits", s.auditId, s.key);

function readManifest(root: string, s: CorrectedState): CorrectedManifest | null {
  try {
    const m = JSON.parse(fs.readFileSync(path.join(stateDir(root, s), "manifest.json"), "utf8")) as CorrectedManifest;
    return m.key === s.key ? m : null;
  } catch {
    return null;
  }
}

/** Keeps the audit's newest two states (a download of the previous one may still be starting). */
function prune(root: string, s: CorrectedState): void {
  const dir = path.join(root, "audits", s.auditId);
  const states = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== s.key)
    .map((d) => ({ name: d.name, at: fs.statSync(path.join(dir, d.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const old of states.slice(1)) fs.rmSync(path.join(dir, old.name), { recursive: true, force: true });
}

function start(db: Db, root: string, s: CorrectedState): Build {
  const reg = registry();
  const id = `${s.auditId}/${s.key}`;
  const build: Build = { progress: { phase: "queued" }, done: undefined as unknown as Promise<CorrectedManifest> };
  build.done = (reg.queue = reg.queue
    .catch(() => undefined)
    .then(async () => {
      const final = stateDir(root, s);
      const tmp = `${final}.${randomUUID()}.tmp`;
      fs.mkdirSync(tmp, { recursive: true, mode: 0o700 });
      try {
        const manifest = await buildCorrectedOffLoop(db, root, tmp, s, (p) => (build.progress = p));
        fs.rmSync(final, { recursive: true, force: true });
        fs.renameSync(tmp, final); // the state appears whole, manifest last written inside it
        prune(root, s);
        return manifest;
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    })) as Promise<CorrectedManifest>;
  build.done.then(
    () => reg.builds.delete(id),
    (error: unknown) => {
      reg.builds.delete(id);
      reg.failed.add(id);
      log().error({ err: error, scope: "corrected-export", auditId: s.auditId, state: s.key }, "corrected export failed");
    },
  );
  reg.builds.set(id, build);
  return build;
}

/**
 * Where the audit's corrected benchmark stands for its current adjudication; starts building
 * it when it is not built. A build that failed is retried only when asked (`retry`), not on
 * every look. Null: no such audit.
 */
export async function correctedStatus(
  db: Db,
  auditId: string,
  options: { retry?: boolean; root?: string; state?: Promise<CorrectedState | null> } = {},
): Promise<CorrectedStatus | null> {
  const root = options.root ?? correctedRoot();
  const s = await (options.state ?? correctedState(db, auditId));
  if (!s) return null;
  const manifest = readManifest(root, s);
  if (manifest) return { state: manifest.ok ? "ready" : "invalid", key: s.key, manifest };
  const reg = registry();
  const id = `${s.auditId}/${s.key}`;
  const running = reg.builds.get(id);
  if (running) return { state: "building", key: s.key, progress: running.progress };
  if (reg.failed.has(id) && !options.retry) return { state: "failed", key: s.key };
  reg.failed.delete(id);
  return { state: "building", key: s.key, progress: start(db, root, s).progress };
}

/** The manifest of the current state, built first if need be (a download asked before the page did). */
export async function correctedManifest(db: Db, auditId: string, root = correctedRoot()): Promise<CorrectedManifest | null> {
  const s = await correctedState(db, auditId);
  if (!s) return null;
  const cached = readManifest(root, s);
  if (cached) return cached;
  const reg = registry();
  const build = reg.builds.get(`${s.auditId}/${s.key}`) ?? start(db, root, s);
  return build.done;
}

/** Starts building the current state in the background (after an adjudication is saved). */
export function prepareCorrected(db: Db, auditId: string, root = correctedRoot()): void {
  correctedStatus(db, auditId, { root }).catch((error: unknown) =>
    log().error({ err: error, scope: "corrected-export", auditId }, "corrected export could not start"),
  );
}
