import "server-only";
import { foldEmail } from "../../auth/email";
import type { Db } from "../../db/client";
import type { BackupPlan } from "../../backup";
import { recordEvent } from "../audit-trail";

export type Tx = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/**
 * Not an argon2 hash, so no password verifies against it (verifyPassword answers false): the
 * account cannot sign in until an admin resets its password.
 */
export const NO_PASSWORD = "!restored-without-password";

export interface RestoredUsers {
  /** Target user id by lower-cased email. */
  ids: Map<string, string>;
  /** Emails of the accounts created (deactivated, no usable password). */
  created: string[];
  warnings: string[];
}

/**
 * People are matched by email. Anyone the target lacks gets a deactivated account with the
 * backup's name and role and no usable password; an admin resets the password and activates it.
 */
export async function restoreUsers(tx: Tx, actorId: string | null, plan: BackupPlan): Promise<RestoredUsers> {
  const emails = plan.users.map((u) => foldEmail(u.email));
  const found = await tx.user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true, name: true } });
  const byEmail = new Map(found.map((u) => [foldEmail(u.email), u]));
  const result: RestoredUsers = { ids: new Map(), created: [], warnings: [] };
  for (const u of plan.users) {
    const email = foldEmail(u.email);
    const existing = byEmail.get(email);
    if (existing) {
      result.ids.set(email, existing.id);
      if (existing.name !== u.name)
        result.warnings.push(
          `${email} is named "${existing.name}" here and "${u.name}" in the backup: exports that name people (the corrected benchmark's change log) use "${existing.name}"`,
        );
      continue;
    }
    const created = await tx.user.create({
      data: { email, name: u.name, role: u.role, passwordHash: NO_PASSWORD, active: false },
      select: { id: true },
    });
    await recordEvent(tx, {
      actorId,
      action: "user.create",
      entity: "User",
      entityId: created.id,
      after: { email, name: u.name, role: u.role, active: false, via: "restore", audit: plan.audit.id },
    });
    result.ids.set(email, created.id);
    result.created.push(email);
  }
  return result;
}
