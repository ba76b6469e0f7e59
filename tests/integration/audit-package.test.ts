// The reproducibility package of a real audit in the database (the demo audit, with its seeded
// ratings and a comment): a valid zip, the same bytes twice, and reproduce.py / reproduce.R agree
// with every checked number of its report. `clinaudit package` writes the same bytes.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { runPackage } from "@/bin/commands/package";
import { buildAuditPackage } from "@/lib/server/reports/audit-package";
import { saveComment } from "@/lib/server/review/save-comment";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { DATABASES } from "./databases";
import { demoWorld } from "./demo-world";

const hasNumpy = spawnSync("python3", ["-c", "import numpy"]).status === 0;
const hasR = spawnSync("Rscript", ["--version"]).status === 0 || process.env.CLINAUDIT_REQUIRE_R === "1";
const dirs: string[] = [];
const saved = process.env.DATABASE_URL;
afterEach(() => (saved === undefined ? delete process.env.DATABASE_URL : (process.env.DATABASE_URL = saved)));

describe.each(DATABASES)("reproducibility package on $name", (database) => {
  afterAll(async () => {
    dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
    await database.dropAll();
  });

  it("unzips, checks its sums, reruns in Python and R, and is what the CLI writes", async () => {
    const url = await database.create();
    const db = await demoWorld(database, url);
    try {
      const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
      const assignment = await db.assignment.findFirstOrThrow({ where: { auditId: audit.id, active: true }, include: { user: true } });
      await saveComment(db, assignment.userId, {
        assignmentId: assignment.id,
        comment: "Option C repeats B; gold still fits.",
        expectedVersion: 0,
      });

      const built = (await buildAuditPackage(db, audit.id))!;
      const again = (await buildAuditPackage(db, audit.id))!;
      expect(again.sha256).toBe(built.sha256);
      expect(await buildAuditPackage(db, "no-such-audit")).toBeNull();

      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-package-db-"));
      dirs.push(dir);
      fs.writeFileSync(path.join(dir, "package.zip"), built.zip);
      const unzip = spawnSync("unzip", ["-q", "package.zip", "-d", "out"], { cwd: dir, encoding: "utf8" });
      expect(unzip.status, unzip.stderr).toBe(0);
      const out = path.join(dir, "out");
      expect(spawnSync("sha256sum", ["-c", "--quiet", "SHA256SUMS"], { cwd: out }).status).toBe(0);
      expect(fs.readFileSync(path.join(out, "comments.csv"), "utf8")).toContain("Option C repeats B; gold still fits.");
      const text = fs
        .readdirSync(out)
        .map((f) => fs.readFileSync(path.join(out, f), "utf8"))
        .join("\n");
      expect(text).not.toContain(assignment.user.email);

      if (hasNumpy) {
        const py = spawnSync("python3", ["reproduce.py"], { cwd: out, encoding: "utf8" });
        expect(py.stdout + py.stderr).toMatch(/All \d+ numbers agree with the report/);
      }
      if (hasR) {
        const r = spawnSync("Rscript", ["reproduce.R"], { cwd: out, encoding: "utf8" });
        expect(r.stdout + r.stderr).toMatch(/All \d+ numbers agree with the report/);
      }

      process.env.DATABASE_URL = url;
      const log = { stdout: "", stderr: "" };
      const file = path.join(dir, "cli.zip");
      const code = await runPackage(["--audit", audit.id, "--out", file], {
        stdout: (s) => (log.stdout += s),
        stderr: (s) => (log.stderr += s),
      });
      expect(log.stderr).toBe("");
      expect(code).toBe(0);
      expect(log.stdout).toContain(`SHA-256 ${built.sha256}`);
      expect(fs.readFileSync(file).equals(built.zip)).toBe(true);
    } finally {
      await db.$disconnect();
    }
  }, 180_000);
});
