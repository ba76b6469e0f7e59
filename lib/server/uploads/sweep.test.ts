// Issue 31, finding 6: upload folders a crash left (295 MB and 18 MB after a restart) are removed
// at start once an hour old, while folders of uploads still being written elsewhere are kept.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { START_STALE_MS, sweepUploads } from "./sweep";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

/** An upload folder with one file, both last written `ageMs` ago (the file `fileAgeMs` ago). */
function folder(root: string, name: string, ageMs: number, fileAgeMs = ageMs): void {
  const dir = path.join(root, name);
  fs.mkdirSync(dir);
  const file = path.join(dir, "1-patients.jsonl");
  fs.writeFileSync(file, "partial");
  const at = (ms: number) => new Date(Date.now() - ms);
  fs.utimesSync(file, at(fileAgeMs), at(fileAgeMs));
  fs.utimesSync(dir, at(ageMs), at(ageMs));
}

describe("sweepUploads", () => {
  it("at start removes what an earlier run left an hour ago, keeps uploads still being written", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-sweep-"));
    roots.push(root);
    const hours = (h: number) => h * 60 * 60_000;
    folder(root, "upload-crashed", hours(2));
    folder(root, "upload-crashed-yesterday", hours(30));
    folder(root, "upload-long-running", hours(3), 1000); // another instance is still writing its file
    folder(root, "upload-just-started", 5000);
    folder(root, "not-an-upload", hours(30));
    expect(sweepUploads(root, START_STALE_MS).sort()).toEqual(["upload-crashed", "upload-crashed-yesterday"]);
    expect(fs.readdirSync(root).sort()).toEqual(["not-an-upload", "upload-just-started", "upload-long-running"]);
    expect(sweepUploads(path.join(root, "missing"), START_STALE_MS)).toEqual([]);
  });
});
