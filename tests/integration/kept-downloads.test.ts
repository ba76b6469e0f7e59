// Downloads and packages are kept per the report's version and what they read beside it: asking
// again costs a copy, and an adjudication (which changes no rating) still gives new files.
import { afterAll, describe, expect, it } from "vitest";
import { saveAdjudicationSchema } from "@/lib/schemas/adjudication";
import { saveAdjudication } from "@/lib/server/adjudication/save-adjudication";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { keptExport, keptPackage } from "@/lib/server/reports/kept-report";
import { DEMO_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { DATABASES } from "./databases";
import { demoWorld } from "./demo-world";

describe.each(DATABASES)("kept downloads on $name", (database) => {
  afterAll(() => database.dropAll());

  it("answer the same files until the ratings or the adjudications change", async () => {
    const db = await demoWorld(database);
    try {
      const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
      const organizer = await db.user.findUniqueOrThrow({ where: { email: "organizer@demo.clinaudit" } });
      await setAuditStatus(db, organizer.id, audit.id, "close");
      const adjudication = async () => (await keptExport(db, audit.id, "adjudication.csv"))!.body;
      const before = await adjudication();
      expect(await adjudication()).toBe(before);
      const pkg = (await keptPackage(db, audit.id))!;
      const again = (await keptPackage(db, audit.id))!;
      expect(again.sha256).toBe(pkg.sha256);
      // Each answer is its own copy: the kept zip survives a transfer of the one handed out.
      expect(again.zip).not.toBe(pkg.zip);
      expect(Buffer.from(again.zip).equals(Buffer.from(pkg.zip))).toBe(true);

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
