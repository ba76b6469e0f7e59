// Upload folders left behind by a process that died mid-upload (a crash, a kill, a restart).
// Each upload has its own `upload-*` folder under the upload root, removed when its request
// ends; a folder still there long after its last write belongs to no running upload.
import fs from "node:fs";
import path from "node:path";

/** Swept by each new upload: older than any upload and import can take. */
export const STALE_MS = 24 * 60 * 60_000;
/**
 * Swept at server start: this process runs no upload yet, but other app processes sharing the
 * folder (several instances on PostgreSQL, docs/deployment.md) may, and they write every second.
 */
export const START_STALE_MS = 60 * 60_000;

/** The newest modification time of a folder and its files (a file being written is fresh). */
function lastWrite(dir: string): number {
  let newest = fs.statSync(dir).mtimeMs;
  for (const entry of fs.readdirSync(dir)) newest = Math.max(newest, fs.statSync(path.join(dir, entry)).mtimeMs);
  return newest;
}

/** Removes the `upload-*` folders of `root` last written more than `maxAgeMs` ago; returns their names. */
export function sweepUploads(root: string, maxAgeMs: number, now = Date.now()): string[] {
  if (!fs.existsSync(root)) return [];
  const removed: string[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith("upload-")) continue;
    const dir = path.join(root, entry.name);
    try {
      if (now - lastWrite(dir) <= maxAgeMs) continue;
      fs.rmSync(dir, { recursive: true, force: true });
      removed.push(entry.name);
    } catch {
      // Its upload ended and removed it meanwhile.
    }
  }
  return removed;
}
