// vitest globalSetup: one temporary folder for the whole run, removed at its end. Tests and the
// processes they start (the CLI, R, Python, scratch checkouts) make their scratch folders with
// os.tmpdir(), which reads TMPDIR; workers are started after this and inherit it. Before, every run
// left its scratch folders (migration copies, scratch checkouts, secrets) in /tmp: 259 had piled up.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-vitest-"));
  process.env.TMPDIR = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
