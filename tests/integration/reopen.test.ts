// Reopening a closed audit whose results clinicians can see would let a rater change their own
// ratings with the others in view. It is refused until that access (shared results, a clinician
// adjudicator) is withdrawn; the withdrawal revokes it and everything is in the trail.
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { authorizeAdjudication } from "@/lib/server/adjudication/access";
import { setAdjudicator } from "@/lib/server/adjudication/set-adjudicator";
import { setAuditStatus, setShareResults, withdrawResultsAccess } from "@/lib/server/audits/set-status";
import { authorizeResults } from "@/lib/server/reports/dashboard-access";
import { DATABASES, target } from "./databases";
import { world } from "./review-world";

describe.each(DATABASES)("reopening after results were shared on $name", (database) => {
  afterAll(() => database.dropAll());

  it("is refused until the clinicians' access is withdrawn, and every step is recorded", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const { organizer, clinicians, audit } = await world(db);
    const [a, b] = clinicians.map((c) => ({ ...c, locale: "en" }));
    await setAuditStatus(db, organizer.id, audit.id, "open");
    await expect(setShareResults(db, organizer.id, audit.id, true)).rejects.toMatchObject({
      catalog: { key: "audits.errors.shareClosedOnly" },
    });
    await setAdjudicator(db, organizer.id, audit.id, b!.id);
    await setAuditStatus(db, organizer.id, audit.id, "close");
    await setShareResults(db, organizer.id, audit.id, true);
    await expect(authorizeResults(db, a!, audit.id)).resolves.toBeUndefined();
    expect(await authorizeAdjudication(db, b!, audit.id)).toEqual({ status: "CLOSED", organizer: false });

    await expect(setAuditStatus(db, organizer.id, audit.id, "open")).rejects.toMatchObject({
      catalog: { key: "audits.errors.reopenShared" },
    });
    // Sharing off is not enough while a clinician adjudicator sees every rater's ratings.
    await setShareResults(db, organizer.id, audit.id, false);
    await expect(setAuditStatus(db, organizer.id, audit.id, "open")).rejects.toMatchObject({
      catalog: { key: "audits.errors.reopenShared" },
    });
    await setShareResults(db, organizer.id, audit.id, true);
    expect((await db.audit.findUniqueOrThrow({ where: { id: audit.id } })).status).toBe("CLOSED");

    await withdrawResultsAccess(db, organizer.id, audit.id);
    await expect(authorizeResults(db, a!, audit.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(authorizeAdjudication(db, b!, audit.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await setAuditStatus(db, organizer.id, audit.id, "open")).toBe("OPEN");

    const trail = await db.auditEvent.findMany({
      where: { entityId: audit.id },
      orderBy: [{ at: "asc" }, { id: "asc" }],
      select: { action: true, before: true, after: true },
    });
    expect(trail.slice(2)).toEqual([
      { action: "audit.open", before: { status: "DRAFT" }, after: { status: "OPEN" } },
      { action: "audit.adjudicator", before: { adjudicatorId: null }, after: { adjudicatorId: b!.id } },
      { action: "audit.close", before: { status: "OPEN" }, after: { status: "CLOSED" } },
      { action: "audit.share-results", before: { share: false }, after: { share: true } },
      { action: "audit.share-results", before: { share: true }, after: { share: false } },
      { action: "audit.share-results", before: { share: false }, after: { share: true } },
      {
        action: "audit.withdraw-results-access",
        before: { shareResults: true, adjudicatorId: b!.id },
        after: { shareResults: false, adjudicatorId: null },
      },
      { action: "audit.reopen", before: { status: "CLOSED" }, after: { status: "OPEN" } },
    ]);
    await db.$disconnect();
  });
});
