// The audit trail is append-only in the database itself: UPDATE and DELETE of a trail row are
// refused by triggers (and TRUNCATE on PostgreSQL), through Prisma and through raw SQL alike,
// while the application's own writes (inserts) keep working.
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { DATABASES, target } from "./databases";
import { world } from "./review-world";

describe.each(DATABASES)("the trail on $name", (database) => {
  afterAll(() => database.dropAll());

  it("refuses UPDATE and DELETE of its rows", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const { organizer, audit } = await world(db);
    await setAuditStatus(db, organizer.id, audit.id, "open");
    const before = await db.auditEvent.findMany({ orderBy: { id: "asc" } });
    expect(before.length).toBeGreaterThan(3);
    const row = before.find((e) => e.action === "audit.open")!;
    // PostgreSQL passes the trigger's message on; Prisma's SQLite adapter reports a trigger's
    // RAISE(ABORT) as a constraint violation, without the text.
    const refused = database.name === "postgres" ? /append-only/ : /append-only|constraint/i;

    await expect(db.auditEvent.update({ where: { id: row.id }, data: { action: "audit.close" } })).rejects.toThrow(refused);
    await expect(db.auditEvent.updateMany({ data: { after: { status: "DRAFT" } } })).rejects.toThrow(refused);
    await expect(db.auditEvent.delete({ where: { id: row.id } })).rejects.toThrow(refused);
    await expect(db.auditEvent.deleteMany({})).rejects.toThrow(refused);
    await expect(db.$executeRawUnsafe(`UPDATE "AuditEvent" SET "action" = 'x'`)).rejects.toThrow(refused);
    await expect(db.$executeRawUnsafe(`DELETE FROM "AuditEvent"`)).rejects.toThrow(refused);
    if (database.name === "postgres") await expect(db.$executeRawUnsafe(`TRUNCATE "AuditEvent"`)).rejects.toThrow(refused);
    // A user who acted cannot be deleted either (the trail keeps its actor).
    await expect(db.user.delete({ where: { id: organizer.id } })).rejects.toThrow();

    expect(await db.auditEvent.findMany({ orderBy: { id: "asc" } })).toEqual(before);
    // Appending still works.
    await setAuditStatus(db, organizer.id, audit.id, "close");
    expect(await db.auditEvent.count()).toBe(before.length + 1);
    await db.$disconnect();
  });
});
