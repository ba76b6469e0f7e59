import "server-only";
import type { Db } from "../../db/client";
import { recordEvent } from "../audit-trail";
import { AppError } from "../errors";
import { invitationSchema, type InvitationInput } from "../../schemas/users";
import { hashSecret, newSecret, tokenOf } from "./invitation-token";

/**
 * An admin invites someone: returns the token of the link, which exists only in this answer
 * (shown once; the database keeps a hash of its secret).
 */
export async function createInvitation(db: Db, actorId: string, input: InvitationInput, now = new Date()) {
  const data = invitationSchema.parse(input);
  if (data.email && (await db.user.findUnique({ where: { email: data.email }, select: { id: true } }))) {
    throw new AppError("CONFLICT", { key: "admin.errors.emailTaken", values: { email: data.email } });
  }
  const secret = newSecret();
  const expiresAt = new Date(now.getTime() + data.expiresInHours * 3600_000);
  const invitation = await db.$transaction(async (tx) => {
    const created = await tx.invitation.create({
      data: {
        secretHash: hashSecret(secret),
        role: data.role,
        email: data.email || null,
        name: data.name || null,
        expiresAt,
        createdById: actorId,
      },
      select: { id: true, expiresAt: true },
    });
    await recordEvent(tx, {
      actorId,
      action: "invitation.create",
      entity: "Invitation",
      entityId: created.id,
      after: { role: data.role, email: data.email || null, name: data.name || null, expiresAt: expiresAt.toISOString() },
    });
    return created;
  });
  return { id: invitation.id, token: tokenOf(invitation.id, secret), expiresAt: invitation.expiresAt };
}

export type InvitationStatus = "pending" | "accepted" | "expired" | "revoked";

/** Invitations of the last 30 days and every one still open, newest first, with their status. */
export async function listInvitations(db: Db, now = new Date()) {
  const since = new Date(now.getTime() - 30 * 24 * 3600_000);
  const rows = await db.invitation.findMany({
    where: { OR: [{ createdAt: { gte: since } }, { acceptedAt: null, revokedAt: null, expiresAt: { gt: now } }] },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: 200,
    select: {
      id: true,
      role: true,
      email: true,
      name: true,
      createdAt: true,
      expiresAt: true,
      acceptedAt: true,
      revokedAt: true,
      createdBy: { select: { name: true } },
      user: { select: { name: true, email: true } },
    },
  });
  return rows.map((r) => {
    const status: InvitationStatus = r.acceptedAt ? "accepted" : r.revokedAt ? "revoked" : r.expiresAt <= now ? "expired" : "pending";
    return {
      id: r.id,
      role: r.role,
      email: r.email,
      name: r.name,
      status,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      createdBy: r.createdBy?.name ?? null,
      acceptedBy: r.user ? `${r.user.name} <${r.user.email}>` : null,
    };
  });
}

export type InvitationRow = Awaited<ReturnType<typeof listInvitations>>[number];

/** Withdraws an open invitation: its link then leads to a page saying so. */
export async function revokeInvitation(db: Db, actorId: string, invitationId: string, now = new Date()) {
  await db.$transaction(async (tx) => {
    const { count } = await tx.invitation.updateMany({
      where: { id: invitationId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    if (count !== 1) {
      const exists = await tx.invitation.findUnique({ where: { id: invitationId }, select: { id: true } });
      throw new AppError(exists ? "CONFLICT" : "NOT_FOUND", {
        key: exists ? "admin.invitations.errors.notOpen" : "admin.invitations.errors.notFound",
      });
    }
    await recordEvent(tx, {
      actorId,
      action: "invitation.revoke",
      entity: "Invitation",
      entityId: invitationId,
      before: { revoked: false },
      after: { revoked: true },
    });
  });
}
