// Downloads and packages are kept on disk per the report's version and what they read beside it:
// asking again hands out the same file, and an adjudication (which changes no rating) still gives
// new files. A file removed under the server is made again.
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { saveAdjudicationSchema } from "@/lib/schemas/adjudication";
import { saveAdjudication } from "@/lib/server/adjudication/save-adjudication";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { keptExport, keptPackage } from "@/lib/server/reports/kept-report";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { sha256 } from "@/lib/reports/package/files";
import { DATABASES } from "./databases";
import { demoWorld } from "./demo-world";
import { downloadBytes, downloadText } from "../support/downloads";

describe.each(DATABASES)("kept downloads on $name", (database) => {
  afterAll(() => database.dropAll());

  it("answer the same files until the ratings or the adjudications change", async () => {
    const db = await demoWorld(database);
    try {
      const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
      const organizer = await db.user.findUniqueOrThrow({ where: { email: "organizer@demo.clinaudit" } });
      await setAuditStatus(db, organizer.id, audit.id, "close");
      const adjudication = async () => downloadText(await keptExport(db, audit.id, "adjudication.csv"));
      const before = await adjudication();
      expect(await adjudication()).toBe(before);
      const pkg = (await keptPackage(db, audit.id))!;
      const again = (await keptPackage(db, audit.id))!;
      // The same file, not a new rendering: it is on disk, and its size and hash are its bytes'.
      expect("path" in pkg && "path" in again && again.path === pkg.path).toBe(true);
      const zip = await downloadBytes(pkg);
      // One store keeps both: no export name reaches the package's entry.
      expect(await keptExport(db, audit.id, "package\u0000")).toBeNull();
      expect([zip.length, sha256(zip)]).toEqual([pkg.size, pkg.sha256]);
      // Removed under the server (a cleaned cache folder): made again, the same bytes.
      if ("path" in pkg) fs.rmSync(pkg.path);
      const remade = (await keptPackage(db, audit.id))!;
      expect("path" in remade && remade.path !== ("path" in pkg ? pkg.path : "")).toBe(true);
      expect((await downloadBytes(remade)).equals(zip)).toBe(true);

      const item = await db.auditItem.findFirstOrThrow({ where: { auditId: audit.id }, orderBy: { sampleOrder: "asc" } });
      await saveAdjudication(
        db,
        organizer.id,
        saveAdjudicationSchema.parse({
          auditId: audit.id,
          auditItemId: item.id,
          finalLabels: { gold: "incorrect", question: "clear" },
          rationale: "kept-downloads test",
          decisions: [],
        }),
      );
      const after = await adjudication();
      expect(after).not.toBe(before);
      expect(after).toContain("kept-downloads test");
      expect((await keptPackage(db, audit.id))!.sha256).not.toBe(pkg.sha256);
    } finally {
      await db.$disconnect();
    }
  }, 120_000);
});
