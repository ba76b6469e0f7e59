// A data folder the report thread cannot write its kept downloads to: every download is answered
// from memory, whole, however many ask for it at once (each answer its own copy: a transfer of one
// to the web process must not empty another's).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keptExport, keptPackage } from "@/lib/server/reports/kept-report";
import { restartReportThread } from "@/lib/server/reports/thread/client";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { buildAuditPackage } from "@/lib/server/reports/audit-package";
import { DATABASES } from "./databases";
import { demoWorld } from "./demo-world";
import { downloadBytes } from "../support/downloads";

const sqlite = DATABASES.filter((d) => d.name === "sqlite");

describe.each(sqlite)("downloads on a disk that refuses them, $name", (database) => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-refused-"));
  const before = process.env.CLINAUDIT_DATA_DIR;
  afterAll(async () => {
    if (before === undefined) delete process.env.CLINAUDIT_DATA_DIR;
    else process.env.CLINAUDIT_DATA_DIR = before;
    await restartReportThread();
    fs.rmSync(scratch, { recursive: true, force: true });
    await database.dropAll();
  });

  it("are answered from memory, whole, to every caller at once", async () => {
    const db = await demoWorld(database);
    try {
      // A file where the data folder should be: the thread's downloads folder cannot be made.
      const blocked = path.join(scratch, "a-file");
      fs.writeFileSync(blocked, "");
      process.env.CLINAUDIT_DATA_DIR = path.join(blocked, "data");
      await restartReportThread();
      const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
      const exports = await Promise.all([1, 2, 3].map(() => keptExport(db, audit.id, "ratings-long.csv")));
      const texts = await Promise.all(exports.map(async (e) => (await downloadBytes(e!)).toString("utf8")));
      expect(exports.every((e) => e && "bytes" in e)).toBe(true);
      expect(texts[0]!.length).toBeGreaterThan(0);
      expect(new Set(texts).size).toBe(1);
      expect(texts[0]!.length).toBe(exports[0]!.size);
      const packages = await Promise.all([1, 2].map(() => keptPackage(db, audit.id)));
      const local = (await buildAuditPackage(db, audit.id))!;
      for (const p of packages) expect((await downloadBytes(p!)).equals(local.zip)).toBe(true);
    } finally {
      await db.$disconnect();
    }
  }, 120_000);
});
