// Invitation links (issue 15): one-time under concurrency, expiring, revocable, only a hash
// stored, guesses throttled without locking a genuine invitee out; every step in the trail.
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import { LIMITS } from "@/lib/auth/throttle";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { acceptInvitation } from "@/lib/server/users/accept-invitation";
import { createUser } from "@/lib/server/users/create-user";
import { acceptInvitationForSsoSchema, acceptInvitationSchema } from "@/lib/schemas/users";
import { createInvitation, listInvitations, revokeInvitation } from "@/lib/server/users/invitations";
import { openInvitation } from "@/lib/server/users/open-invitation";
import { DATABASES, target } from "./databases";

const HOUR = 3600_000;

describe.each(DATABASES)("invitation links on $name", (database) => {
  afterAll(() => database.dropAll());

  async function world() {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const { user: admin } = await createUser(db, null, {
      email: "admin@example.org",
      name: "Admin",
      role: "ADMIN",
      password: "admin-long-password",
    });
    return { db, admin };
  }
  const form = (token: string, over: Partial<Record<"email" | "name" | "password", string>> = {}) => {
    const password = over.password ?? "invitee-password-1";
    return acceptInvitationSchema.parse({ token, email: over.email ?? "", name: over.name ?? "Dr. Invitee", password, confirm: password });
  };
  const accept = (db: Db, token: string, over: Parameters<typeof form>[1] = {}, now?: Date) =>
    acceptInvitation(db, form(token, over), { ip: null, passwordSignInOpen: true, ...(now ? { now } : {}) });

  it("with password sign-in off: no password is taken, the account gets an unusable one, and the reverse is refused", async () => {
    const { db, admin } = await world();
    try {
      const { token } = await createInvitation(db, admin.id, { role: "CLINICIAN", email: "sso@example.org", name: "Dr. Sso" });
      // The site signs in with SSO only: a password is refused and nothing is created (the link still works).
      await expect(acceptInvitation(db, form(token), { ip: null, passwordSignInOpen: false })).rejects.toMatchObject({
        catalog: { key: "auth.invite.refused.passwordOff" },
      });
      const sso = acceptInvitationForSsoSchema.parse({ token, name: "Dr. Sso" });
      await expect(acceptInvitation(db, sso, { ip: null, passwordSignInOpen: true })).rejects.toMatchObject({
        catalog: { key: "auth.invite.refused.passwordOn" },
      });
      expect(await db.user.count({ where: { email: "sso@example.org" } })).toBe(0);
      const user = await acceptInvitation(db, sso, { ip: null, passwordSignInOpen: false });
      const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(stored).toMatchObject({ email: "sso@example.org", role: "CLINICIAN", name: "Dr. Sso", passwordMustChange: false });
      // Nobody knows the password it got (not even an empty one).
      expect(await verifyPassword(stored.passwordHash, "")).toBe(false);
      const created = await db.auditEvent.findFirstOrThrow({ where: { action: "user.create", entityId: user.id } });
      expect(JSON.stringify(created.after)).toContain("invitation-sso");
    } finally {
      await db.$disconnect();
    }
  });

  it("stores only a hash; two accepts at once make one account, and the link never works again", async () => {
    const { db, admin } = await world();
    try {
      const { id, token } = await createInvitation(db, admin.id, { role: "ORGANIZER", email: "New@Example.org", name: "Dr. New" });
      const stored = await db.invitation.findUniqueOrThrow({ where: { id } });
      const secret = token.split(".")[1]!;
      expect(JSON.stringify(stored)).not.toContain(secret);
      expect(stored).toMatchObject({ role: "ORGANIZER", email: "new@example.org", name: "Dr. New", acceptedAt: null });
      expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(71.9 * HOUR);
      expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThan(72.1 * HOUR);

      const results = await Promise.allSettled([
        accept(db, token, { password: "first-password-1" }),
        accept(db, token, { password: "second-password-2" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
      const users = await db.user.findMany({ where: { email: "new@example.org" } });
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({ role: "ORGANIZER", name: "Dr. Invitee", passwordMustChange: false });
      const winner = (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ id: string }>).value;
      expect(winner.id).toBe(users[0]!.id);
      expect(await db.invitation.findUniqueOrThrow({ where: { id } })).toMatchObject({ userId: users[0]!.id });

      expect(await openInvitation(db, token, null)).toMatchObject({ state: "used" });
      await expect(accept(db, token, { password: "third-password-3" })).rejects.toMatchObject({
        catalog: { key: "auth.invite.refused.used" },
      });
      expect(await db.user.count({ where: { email: "new@example.org" } })).toBe(1);

      const trail = await db.auditEvent.findMany({ where: { OR: [{ entityId: id }, { entityId: users[0]!.id }] }, orderBy: { at: "asc" } });
      expect(trail.map((e) => e.action).sort()).toEqual(["invitation.accept", "invitation.create", "user.create"]);
      expect(trail.find((e) => e.action === "user.create")).toMatchObject({
        actorId: users[0]!.id,
        after: { via: "invitation", invitationId: id },
      });
    } finally {
      await db.$disconnect();
    }
  });

  it("many accepts at once of one open link (no email fixed): still one account", async () => {
    const { db, admin } = await world();
    try {
      const { token } = await createInvitation(db, admin.id, { role: "CLINICIAN" });
      const results = await Promise.allSettled(
        Array.from({ length: 4 }, (_, i) => accept(db, token, { email: `person${i}@example.org`, password: `password-number-${i}` })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(await db.user.count({ where: { role: "CLINICIAN" } })).toBe(1);
      const user = await db.user.findFirstOrThrow({ where: { role: "CLINICIAN" } });
      const i = Number(/person(\d)/.exec(user.email)![1]);
      expect(await verifyPassword(user.passwordHash, `password-number-${i}`)).toBe(true);
    } finally {
      await db.$disconnect();
    }
  });

  it("expires: the link says so and creates nothing", async () => {
    const { db, admin } = await world();
    try {
      const now = new Date();
      const { token } = await createInvitation(db, admin.id, { role: "CLINICIAN", expiresInHours: 24 }, now);
      expect(await openInvitation(db, token, null, new Date(now.getTime() + 23 * HOUR))).toMatchObject({ state: "valid" });
      const later = new Date(now.getTime() + 24 * HOUR + 1);
      expect(await openInvitation(db, token, null, later)).toMatchObject({ state: "expired" });
      await expect(accept(db, token, { email: "late@example.org" }, later)).rejects.toMatchObject({
        catalog: { key: "auth.invite.refused.expired" },
      });
      expect(await db.user.count({ where: { email: "late@example.org" } })).toBe(0);
      expect((await listInvitations(db, later))[0]).toMatchObject({ status: "expired" });
    } finally {
      await db.$disconnect();
    }
  });

  it("revocation: the link stops working, a used one cannot be revoked, both in the trail", async () => {
    const { db, admin } = await world();
    try {
      const { id, token } = await createInvitation(db, admin.id, { role: "CLINICIAN", email: "r@example.org" });
      expect((await listInvitations(db))[0]).toMatchObject({ id, status: "pending", email: "r@example.org" });
      await revokeInvitation(db, admin.id, id);
      expect(await openInvitation(db, token, null)).toMatchObject({ state: "revoked" });
      await expect(accept(db, token)).rejects.toMatchObject({ catalog: { key: "auth.invite.refused.revoked" } });
      await expect(revokeInvitation(db, admin.id, id)).rejects.toMatchObject({ catalog: { key: "admin.invitations.errors.notOpen" } });
      expect(await db.auditEvent.count({ where: { entityId: id, action: "invitation.revoke", actorId: admin.id } })).toBe(1);
      expect((await listInvitations(db))[0]).toMatchObject({ status: "revoked" });

      const used = await createInvitation(db, admin.id, { role: "CLINICIAN", email: "u@example.org" });
      await accept(db, used.token);
      await expect(revokeInvitation(db, admin.id, used.id)).rejects.toMatchObject({ catalog: { key: "admin.invitations.errors.notOpen" } });
    } finally {
      await db.$disconnect();
    }
  });

  it("refuses an email that has an account, when inviting and when accepting", async () => {
    const { db, admin } = await world();
    try {
      await expect(createInvitation(db, admin.id, { role: "CLINICIAN", email: "admin@example.org" })).rejects.toMatchObject({
        catalog: { key: "admin.errors.emailTaken" },
      });
      const { token } = await createInvitation(db, admin.id, { role: "CLINICIAN" });
      await expect(accept(db, token, { email: "admin@example.org" })).rejects.toMatchObject({
        catalog: { key: "admin.errors.emailTaken" },
      });
      // The link is still open for a free email.
      expect(await openInvitation(db, token, null)).toMatchObject({ state: "valid" });
    } finally {
      await db.$disconnect();
    }
  });

  it("throttles guesses by address, and a wrong secret for a real link on that link, never the genuine invitee's", async () => {
    const { db, admin } = await world();
    try {
      const { id, token } = await createInvitation(db, admin.id, { role: "CLINICIAN" });
      const ip = "198.51.100.7";
      const made = (n: number) => `${"z".repeat(20)}${n}.${"A".repeat(43)}`;
      for (let i = 0; i < LIMITS.address; i++) expect(await openInvitation(db, made(i), ip)).toEqual({ state: "invalid" });
      expect(await openInvitation(db, made(99), ip)).toMatchObject({ state: "throttled" });
      // The genuine link, even from that address, is judged by its own record.
      expect(await openInvitation(db, token, ip)).toMatchObject({ state: "valid" });

      // Guessing the secret of a real link holds that link back after a few tries…
      const wrong = `${id}.${"B".repeat(43)}`;
      for (let i = 0; i < LIMITS.device; i++) expect(await openInvitation(db, wrong, "203.0.113.9")).toEqual({ state: "invalid" });
      expect(await openInvitation(db, token, "203.0.113.10")).toMatchObject({ state: "throttled" });
      await expect(accept(db, token)).rejects.toMatchObject({ code: "LOCKED" });
      // …and lets it go once the back-off has passed.
      expect(await openInvitation(db, token, null, new Date(Date.now() + 31_000))).toMatchObject({ state: "valid" });
    } finally {
      await db.$disconnect();
    }
  });
});
