// Editing an audit's rubric texts after creation: English and Chinese labels, questions and
// descriptions change with each change before/after in the trail; the structure (codes, order,
// rules) cannot change, a stale editor is refused, and a closed audit keeps its texts. The
// appendix paragraph and exports follow the English text; stored ratings keep their codes.
import { afterAll, describe, expect, it } from "vitest";
import { parseRubric } from "@/lib/audits/rubric";
import { withEnglish } from "@/lib/audits/rubric-texts";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { saveRubricTexts } from "@/lib/server/audits/rubric-texts";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { DATABASES, target } from "./databases";
import { world } from "./review-world";

describe.each(DATABASES)("rubric texts on $name", (database) => {
  afterAll(() => database.dropAll());

  it("saves English and Chinese texts with the trail, and only texts", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const { organizer, audit } = await world(db);
    const base = parseRubric((await db.audit.findUniqueOrThrow({ where: { id: audit.id } })).rubric);
    const rubric = structuredClone(base);
    rubric[0]!.question = "Is the gold answer right at the cutoff?";
    rubric[0]!.categories[1] = {
      ...withEnglish(rubric[0]!.categories[1]!, "description", "Wrong at the cutoff"),
      translations: { "zh-CN": { label: "错误", description: "截止时答案错误" } },
    };
    expect(await saveRubricTexts(db, organizer.id, { auditId: audit.id, rubric, base })).toEqual({ changed: 3 });
    const stored = parseRubric((await db.audit.findUniqueOrThrow({ where: { id: audit.id } })).rubric);
    expect(stored[0]!.question).toBe("Is the gold answer right at the cutoff?");
    expect(stored[0]!.categories[1]!.translations?.["zh-CN"]?.description).toBe("截止时答案错误");
    const trail = await db.auditEvent.findFirstOrThrow({ where: { action: "audit.rubric-texts", entityId: audit.id } });
    expect(trail.before).toEqual({
      "gold.question@en": base[0]!.question,
      "gold.incorrect.description@en": null,
      "gold.incorrect.description@zh-CN": null,
    });
    expect(trail.after).toEqual({
      "gold.question@en": "Is the gold answer right at the cutoff?",
      "gold.incorrect.description@en": "Wrong at the cutoff",
      "gold.incorrect.description@zh-CN": "截止时答案错误",
    });

    // The editor that still holds the old rubric is refused; a code change is refused.
    await expect(saveRubricTexts(db, organizer.id, { auditId: audit.id, rubric, base })).rejects.toMatchObject({
      catalog: { key: "audits.errors.rubricChanged" },
    });
    const recoded = structuredClone(stored);
    recoded[0]!.categories[1]!.key = "wrong";
    recoded[0]!.errorCategory = "wrong";
    await expect(saveRubricTexts(db, organizer.id, { auditId: audit.id, rubric: recoded, base: stored })).rejects.toMatchObject({
      catalog: { key: "audits.errors.rubricStructure" },
    });
    await setAuditStatus(db, organizer.id, audit.id, "open");
    await setAuditStatus(db, organizer.id, audit.id, "close");
    await expect(saveRubricTexts(db, organizer.id, { auditId: audit.id, rubric: stored, base: stored })).rejects.toMatchObject({
      code: "LOCKED",
    });
  });
});
