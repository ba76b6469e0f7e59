// The CLI as an installed bin runs it: from a folder that is not the checkout.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const BIN = path.resolve(import.meta.dirname, "clinaudit.mjs");
const cwd = mkdtempSync(path.join(tmpdir(), "clinaudit-anywhere-"));

function cli(...args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } });
}

describe("clinaudit from another folder", () => {
  it("runs agreement on an absolute path", () => {
    const file = path.join(cwd, "ratings.csv");
    writeFileSync(file, "item,rater,category\nq1,a,yes\nq1,b,yes\nq2,a,no\nq2,b,yes\n");
    const r = cli("agreement", file, "--categories", "yes,no", "--json");
    expect(r.stderr).not.toContain("ERR_MODULE_NOT_FOUND");
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).dimensions[0].items.total).toBe(2);
  });

  it("loads the commands that import through the @/ alias", () => {
    const r = cli("evaluate", "--dataset", path.join(cwd, "none.json"), "--predictions", path.join(cwd, "none.csv"));
    expect(r.stderr).not.toContain("ERR_MODULE_NOT_FOUND");
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(r.status).toBe(2);
  });
});
