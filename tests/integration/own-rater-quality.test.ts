// A rater's own quality: only their row, only once the audit is closed; another rater's row never,
// nothing for an audit they were not assigned to, and nothing for an organizer through this door.
import { afterAll, describe, expect, it } from "vitest";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { ownRaterQuality } from "@/lib/server/reports/own-rater-quality";
import { saveRating } from "@/lib/server/review/save-rating";
import { createUser } from "@/lib/server/users/create-user";
import { DATABASES, freshDb } from "./databases";
import { world } from "./review-world";

describe.each(DATABASES)("a rater's own quality on $name", (database) => {
  afterAll(() => database.dropAll());

  it("is theirs alone, and only after the audit is closed", async () => {
    const db = await freshDb(database);
    const { organizer, clinicians, audit } = await world(db);
    const [a, b, c] = clinicians.map((x) => ({ ...x, locale: "en" }));
    await setAuditStatus(db, organizer.id, audit.id, "open");
    for (const [user, category] of [
      [a!, "correct"],
      [b!, "correct"],
      [c!, "incorrect"],
    ] as const) {
      const assignment = await db.assignment.findFirstOrThrow({ where: { auditId: audit.id, userId: user.id } });
      await saveRating(db, user.id, { assignmentId: assignment.id, dimension: "gold", category, expectedVersion: 0 });
    }

    // Open: not even their own row.
    await expect(ownRaterQuality(db, a!, audit.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await setAuditStatus(db, organizer.id, audit.id, "close");

    const own = (await ownRaterQuality(db, c!, audit.id))!;
    expect(own.dimensions.length).toBeGreaterThan(0);
    for (const d of own.dimensions) expect(d.raters.map((r) => r.rater)).toEqual([own.dimensions[0]!.raters[0]!.rater]);
    const gold = own.dimensions.find((d) => d.key === "gold")!.raters[0]!;
    // c answered "incorrect" against a and b's "correct": compared once, not matched.
    expect(gold).toMatchObject({ rated: 1, compared: 1, agreeing: 0, agreement: 0 });
    expect(own.time?.map((t) => t.rater)).toEqual([gold.rater]);
    const ofA = (await ownRaterQuality(db, a!, audit.id))!;
    // a's others split 1–1 (b correct, c incorrect): counted as split, not compared.
    expect(ofA.dimensions.find((d) => d.key === "gold")!.raters).toEqual([expect.objectContaining({ rated: 1, compared: 0, split: 1 })]);
    expect(ofA.dimensions[0]!.raters[0]!.rater).not.toBe(gold.rater);

    // Not assigned: as if the audit did not exist. Organizers: not through this door.
    const outsider = (
      await createUser(db, null, { email: "d@example.org", name: "d", role: "CLINICIAN", password: "long-enough-password" })
    ).user!;
    await expect(ownRaterQuality(db, { ...outsider, locale: "en" }, audit.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(ownRaterQuality(db, { ...organizer, locale: "en" }, audit.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(ownRaterQuality(db, a!, "no-such-audit")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await db.$disconnect();
  });
});
