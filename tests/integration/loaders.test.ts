// The page loaders check access themselves and hand each user only what they may see. The
// dashboard: a rater nothing while the audit is open or its results unshared, then the shared
// numbers and their own quality row; an outsider nothing at all; organizers and admins everything.
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { loadAdjudicationCase, loadAdjudicationList } from "@/lib/server/adjudication/load-pages";
import { setAdjudicator } from "@/lib/server/adjudication/set-adjudicator";
import { loadAuditPage } from "@/lib/server/audits/load-audit-page";
import { setAuditStatus, setShareResults } from "@/lib/server/audits/set-status";
import { loadDashboard } from "@/lib/server/reports/load-dashboard";
import { loadCase } from "@/lib/server/review/case-page";
import { saveComment } from "@/lib/server/review/save-comment";
import { saveRating } from "@/lib/server/review/save-rating";
import { seedUser } from "@/tests/support/world";
import { DATABASES, freshDb } from "./databases";
import { world } from "./review-world";

const person = async (db: Db, name: string, role: "ADMIN" | "ORGANIZER" | "CLINICIAN") => ({
  ...(await seedUser(db, name, role)),
  locale: "en",
});

describe.each(DATABASES)("the page loaders on $name", (database) => {
  afterAll(() => database.dropAll());

  it("gives a rater, an outsider, another organizer and an admin exactly what they may see", async () => {
    const db = await freshDb(database);
    const { organizer, clinicians, audit } = await world(db);
    const [a, b, c] = clinicians.map((x) => ({ ...x, locale: "en" }));
    const [outsider, otherOrganizer, admin] = [
      await person(db, "d", "CLINICIAN"),
      await person(db, "o2", "ORGANIZER"),
      await person(db, "admin", "ADMIN"),
    ];
    await setAuditStatus(db, organizer.id, audit.id, "open");
    for (const [user, category] of [
      [a!, "correct"],
      [b!, "correct"],
      [c!, "incorrect"],
    ] as const) {
      const assignment = await db.assignment.findFirstOrThrow({ where: { auditId: audit.id, userId: user.id } });
      await saveRating(db, user.id, { assignmentId: assignment.id, dimension: "gold", category, expectedVersion: 0 });
      if (user === b) await saveComment(db, user.id, { assignmentId: assignment.id, comment: "B-SECRET-COMMENT", expectedVersion: 0 });
    }
    const load = (user: typeof a, auditId = audit.id) => loadDashboard({ db, user: user! }, auditId);

    // Open: a rater gets nothing, not even their own row; an outsider is not told the audit exists.
    await expect(load(a)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(load(outsider)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(load(admin, "no-such-audit")).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Organizers (any of them: audits are not owned) and admins: everything, live.
    for (const user of [otherOrganizer, admin]) {
      const seen = await load(user);
      expect(seen).toMatchObject({ organizer: true, raterCount: 3, progress: { done: 0, assigned: 3 } });
      expect(seen.comments.map((r) => r.text)).toEqual(["B-SECRET-COMMENT"]);
      expect(seen.exports.length).toBeGreaterThan(3);
      expect(seen.quality!.dimensions.find((d) => d.key === "gold")!.raters).toHaveLength(3);
      expect(seen.report.dimensions.find((d) => d.key === "gold")!.latentClass).not.toBeNull();
    }

    // Closed but not shared: still nothing for a rater.
    await setAuditStatus(db, organizer.id, audit.id, "close");
    await expect(load(c)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await setShareResults(db, organizer.id, audit.id, true);
    await expect(load(outsider)).rejects.toMatchObject({ code: "NOT_FOUND" });

    const own = await load(c);
    expect(own).toMatchObject({ organizer: false, comments: [], exports: [], overTime: null, raterCount: 3 });
    expect(own.report.raterQuality).toBeUndefined();
    expect(own.report.agreementOverTime).toBeUndefined();
    expect(own.report.dimensions.every((d) => d.latentClass === null)).toBe(true);
    // Nothing names another rater or carries their words.
    const sent = JSON.stringify(own);
    for (const text of [a!.id, b!.id, "B-SECRET-COMMENT", "errorPosteriors"]) expect(sent).not.toContain(text);
    // Their own quality row, every dimension's, and their time only.
    const gold = own.quality!.dimensions.find((d) => d.key === "gold")!.raters;
    expect(gold).toHaveLength(1);
    // c answered "incorrect" against a and b's "correct": compared once, not matched.
    expect(gold[0]).toMatchObject({ rated: 1, compared: 1, agreeing: 0, agreement: 0 });
    expect(own.quality!.time?.map((t) => t.rater)).toEqual([gold[0]!.rater]);
    const ofA = (await load(a)).quality!.dimensions.find((d) => d.key === "gold")!.raters;
    // a's others split 1–1 (b correct, c incorrect): counted as split, not compared.
    expect(ofA).toEqual([expect.objectContaining({ rated: 1, compared: 0, split: 1 })]);
    expect(ofA[0]!.rater).not.toBe(gold[0]!.rater);
    await db.$disconnect();
  });

  it("opens the audit page to organizers and admins only", async () => {
    const db = await freshDb(database);
    const { organizer, clinicians, audit } = await world(db);
    const [otherOrganizer, admin] = [await person(db, "o2", "ORGANIZER"), await person(db, "admin", "ADMIN")];
    await expect(loadAuditPage({ db, user: { ...clinicians[0]!, locale: "en" } }, audit.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(loadAuditPage({ db, user: admin }, "no-such-audit")).rejects.toMatchObject({ code: "NOT_FOUND" });
    const page = await loadAuditPage({ db, user: otherOrganizer }, audit.id);
    expect(page).toMatchObject({ audit: { id: audit.id, createdById: organizer.id }, backup: false, progress: { assigned: 3 } });
    expect(page.clinicians).toHaveLength(3);
    expect(await loadAuditPage({ db, user: admin }, audit.id)).toMatchObject({ backup: true });
    await db.$disconnect();
  });

  it("opens a case to its own rater only, with its discussion once the audit is closed", async () => {
    const db = await freshDb(database);
    const { organizer, clinicians, audit } = await world(db);
    const [a, b] = clinicians.map((x) => ({ ...x, locale: "en" }));
    await setAuditStatus(db, organizer.id, audit.id, "open");
    const mine = await db.assignment.findFirstOrThrow({ where: { auditId: audit.id, userId: a!.id } });
    const theirs = await db.assignment.findFirstOrThrow({ where: { auditId: audit.id, userId: b!.id } });
    const open = (user: typeof a, id: string) => loadCase({ db, user: user! }, id, { recordDir: null });
    expect(await open(a, mine.id)).toMatchObject({ assignmentId: mine.id, thread: null });
    await expect(open(a, theirs.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(open({ ...organizer, locale: "en" }, mine.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await setAuditStatus(db, organizer.id, audit.id, "close");
    expect(await open(a, mine.id)).toMatchObject({ thread: { total: 0 } });
    await db.$disconnect();
  });

  it("opens adjudication to organizers, and to the named clinician once the audit is closed", async () => {
    const db = await freshDb(database);
    const { organizer, clinicians, audit } = await world(db);
    const [a, b] = clinicians.map((x) => ({ ...x, locale: "en" }));
    const org = { ...organizer, locale: "en" };
    await setAuditStatus(db, organizer.id, audit.id, "open");
    await setAdjudicator(db, organizer.id, audit.id, b!.id);
    const { id: itemId } = await db.auditItem.findFirstOrThrow({ where: { auditId: audit.id } });
    const list = (user: typeof a) => loadAdjudicationList({ db, user: user! }, audit.id);
    const item = (user: typeof a, id = itemId) => loadAdjudicationCase({ db, user: user! }, audit.id, id, null);
    expect(await list(org)).toMatchObject({ organizer: true, audit: { status: "OPEN" } });
    expect(await item(org)).toMatchObject({ id: itemId, canPost: true, nextAuditItemId: null, thread: { total: 0 } });
    await expect(item(org, "no-such-item")).rejects.toMatchObject({ code: "NOT_FOUND" });
    // A rater who is not the adjudicator: as if there were nothing; the adjudicator: not while it is open.
    await expect(list(a)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(item(a)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(list(b)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(item(b)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await setAuditStatus(db, organizer.id, audit.id, "close");
    expect(await list(b)).toMatchObject({ organizer: false, audit: { status: "CLOSED" } });
    expect((await item(b)).raters).toHaveLength(3);
    await db.$disconnect();
  });
});
