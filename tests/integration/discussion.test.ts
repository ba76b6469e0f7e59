// An item's discussion thread: organizers read and post while the audit is open or closed, its
// clinician adjudicator once it is closed, a rater reads it (never posts) once it is closed and
// sees nothing of it while it is open (blinding); everyone else is answered "not found". Each
// message and its trail row commit together; text with NUL or a lone surrogate is refused.
import { afterAll, describe, expect, it } from "vitest";
import { postMessageSchema } from "@/lib/schemas/discussion";
import { setAdjudicator } from "@/lib/server/adjudication/set-adjudicator";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { authorizeThread } from "@/lib/server/discussion/access";
import { listThread, postMessage, THREAD_PAGE } from "@/lib/server/discussion/thread";
import { DATABASES, freshDb } from "./databases";
import { world } from "./review-world";
import { seedUser } from "@/tests/support/world";

const asUser = <T extends { id: string; role: string; email: string; name: string }>(u: T) => ({ ...u, locale: "en" }) as never;

describe.each(DATABASES)("discussion threads on $name", (database) => {
  afterAll(() => database.dropAll());

  it("keeps the raters blind while open, lets the adjudicator in once closed, and records each post", async () => {
    const db = await freshDb(database);
    try {
      const { organizer, clinicians, audit } = await world(db);
      const [a, b] = clinicians;
      const outsider = await seedUser(db, "d", "CLINICIAN");
      const { id: auditItemId } = await db.auditItem.findFirstOrThrow({ where: { auditId: audit.id } });
      const thread = (u: { id: string; role: string; email: string; name: string }) =>
        authorizeThread(db, asUser(u), audit.id, auditItemId);
      const notFound = { code: "NOT_FOUND" };

      // A draft has no discussion.
      await expect(thread(organizer)).rejects.toMatchObject({ code: "FORBIDDEN" });
      await setAuditStatus(db, organizer.id, audit.id, "open");
      await setAdjudicator(db, organizer.id, audit.id, b!.id);

      // Open: the organizer posts; a rater, the named adjudicator (also a rater) and an outsider see nothing.
      const org = await thread(organizer);
      expect(org).toMatchObject({ as: "organizer", canPost: true, status: "OPEN" });
      for (const u of [a!, b!, outsider]) await expect(thread(u)).rejects.toMatchObject(notFound);
      // Another audit's item under this audit's id: not found, even for the organizer.
      await expect(authorizeThread(db, asUser(organizer), "no-such-audit", auditItemId)).rejects.toMatchObject(notFound);

      const first = await postMessage(
        db,
        organizer.id,
        org,
        postMessageSchema.parse({ auditId: audit.id, auditItemId, text: "  Is D right? 🩺  " }),
      );
      expect(first).toMatchObject({ authorId: organizer.id, text: "Is D right? 🩺" });
      const trail = await db.auditEvent.findMany({ where: { entity: "AuditItem", entityId: auditItemId, action: "thread.post" } });
      expect(trail).toEqual([expect.objectContaining({ actorId: organizer.id, after: { messageId: first.id, text: "Is D right? 🩺" } })]);

      // Closed: the adjudicator reads and posts, a rater of the item reads only, an outsider still nothing.
      await setAuditStatus(db, organizer.id, audit.id, "close");
      const adj = await thread(b!);
      expect(adj).toMatchObject({ as: "adjudicator", canPost: true, status: "CLOSED" });
      await postMessage(db, b!.id, adj, { auditId: audit.id, auditItemId, text: "Yes, per the 2021 guideline." });
      const rater = await thread(a!);
      expect(rater).toMatchObject({ as: "rater", canPost: false });
      await expect(postMessage(db, a!.id, rater, { auditId: audit.id, auditItemId, text: "me too" })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      await expect(thread(outsider)).rejects.toMatchObject(notFound);
      expect((await listThread(db, rater)).messages.map((m) => [m.authorName, m.text])).toEqual([
        [organizer.name, "Is D right? 🩺"],
        [b!.name, "Yes, per the 2021 guideline."],
      ]);
      // A withdrawn rater no longer reads it.
      await db.assignment.updateMany({ where: { auditItemId, userId: a!.id }, data: { active: false } });
      await expect(thread(a!)).rejects.toMatchObject(notFound);
    } finally {
      await db.$disconnect();
    }
  });

  it("pages a long thread back from the newest, none repeated or skipped where times tie", async () => {
    const db = await freshDb(database);
    try {
      const { organizer, audit } = await world(db);
      await setAuditStatus(db, organizer.id, audit.id, "open");
      const item = await db.auditItem.findFirst({ where: { auditId: audit.id } });
      // 450 messages, three to each millisecond: the order within a tie is the id's.
      const total = 450;
      const base = Date.UTC(2026, 0, 1);
      await db.threadMessage.createMany({
        data: Array.from({ length: total }, (_, i) => ({
          id: `m${String(i).padStart(4, "0")}`,
          auditId: audit.id,
          auditItemId: item!.id,
          authorId: organizer.id,
          text: `message ${i}`,
          createdAt: new Date(base + Math.floor(i / 3)),
        })),
      });
      const grant = await authorizeThread(db, asUser(organizer), audit.id, item!.id);
      const pages = [await listThread(db, grant)];
      while (pages.at(-1)!.earlier) pages.push(await listThread(db, grant, pages.at(-1)!.messages[0]!.id));
      expect(pages.map((p) => [p.messages.length, p.total, p.earlier])).toEqual([
        [THREAD_PAGE, total, true],
        [THREAD_PAGE, total, true],
        [total - 2 * THREAD_PAGE, total, false],
      ]);
      const read = pages.toReversed().flatMap((p) => p.messages.map((m) => m.text));
      expect(read).toEqual(Array.from({ length: total }, (_, i) => `message ${i}`));
      // A cursor that is no message of this thread (listThread looks it up within the thread): nothing.
      expect(await listThread(db, grant, "no-such-message")).toEqual({ messages: [], total: 0, earlier: false });
    } finally {
      await db.$disconnect();
    }
  });
});

describe("a message's text", () => {
  const base = { auditId: "a", auditItemId: "i" };
  const issue = (text: string) => postMessageSchema.safeParse({ ...base, text }).error?.issues[0]?.message;
  it("refuses NUL, other control characters and lone surrogates as the rest of the app does", () => {
    expect(issue("a\u0000b")).toBe("common.validation.controlCharacters");
    expect(issue("a\u001bb")).toBe("common.validation.controlCharacters");
    expect(issue("a\ud800b")).toBe("common.validation.controlCharacters");
    expect(issue("a\udc00")).toBe("common.validation.controlCharacters");
    expect(issue("line one\nline two\ttab 😀")).toBeUndefined();
  });
  it("refuses an empty message and one over 4,000 characters", () => {
    expect(issue("   ")).toBe("discussion.validation.empty");
    expect(issue("x".repeat(4001))).toBe("discussion.validation.tooLong");
    expect(issue("x".repeat(4000))).toBeUndefined();
  });
});
