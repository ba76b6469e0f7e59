import { afterAll, describe, expect, it } from "vitest";
import { guidelinesFor } from "@/lib/audits/guidelines";
import { auditGuidelines, guidelinesForRater, saveGuidelines } from "@/lib/server/audits/guidelines";
import { DEMO_AUDIT_NAME, DEMO_ZH_AUDIT_NAME } from "@/lib/server/setup/demo-data";
import { DATABASES } from "./databases";
import { demoWorld } from "./demo-world";

describe.each(DATABASES)("audit guidelines on $name", (database) => {
  afterAll(() => database.dropAll());

  it("are saved per language with a trail, and reach only the audit's own raters", async () => {
    const db = await demoWorld(database);
    try {
      const audit = await db.audit.findFirstOrThrow({ where: { name: DEMO_AUDIT_NAME } });
      const zhAudit = await db.audit.findFirstOrThrow({ where: { name: DEMO_ZH_AUDIT_NAME } });
      const organizer = await db.user.findUniqueOrThrow({ where: { email: "organizer@demo.clinaudit" } });
      const rater = await db.user.findUniqueOrThrow({ where: { email: "clinician1@demo.clinaudit" } });
      const other = await db.user.findUniqueOrThrow({ where: { email: "clinician4@demo.clinaudit" } });
      expect(await auditGuidelines(db, audit.id)).toBeNull();
      await saveGuidelines(db, organizer.id, audit.id, {
        en: "  # Gold\nJudge from the record up to the cutoff.  ",
        "zh-CN": "# 标准答案\n只依据截止时间之前的病历。",
      });
      const stored = await guidelinesForRater(db, rater.id, audit.id);
      expect(stored).toEqual({ en: "# Gold\nJudge from the record up to the cutoff.", "zh-CN": "# 标准答案\n只依据截止时间之前的病历。" });
      expect(guidelinesFor(stored, "zh-CN")).toContain("标准答案");
      expect(guidelinesFor(stored, "en")).toContain("Judge from the record");
      // 王芳 reviews the Chinese audit only: she gets nothing of this one.
      expect(await guidelinesForRater(db, other.id, audit.id)).toBeNull();
      expect(await guidelinesForRater(db, other.id, zhAudit.id)).toBeNull();
      await saveGuidelines(db, organizer.id, audit.id, { en: "" });
      expect(await auditGuidelines(db, audit.id)).toBeNull();
      const trail = await db.auditEvent.findMany({ where: { entityId: audit.id, action: "audit.guidelines" }, orderBy: { at: "asc" } });
      expect(trail).toHaveLength(2);
      expect(trail[0]!.before).toBeNull();
      expect(trail[1]!.before).toMatchObject({ en: "# Gold\nJudge from the record up to the cutoff." });
      expect(trail[1]!.after).toBeNull();
    } finally {
      await db.$disconnect();
    }
  }, 120_000);
});
