"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "@/lib/db";
import { guardedAction } from "@/lib/server/action";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { adjudicationAccess } from "@/lib/server/adjudication/access";
import { saveAdjudication, saveAdjudicationSchema } from "@/lib/server/adjudication/save-adjudication";
import { recordEvent } from "@/lib/server/audit-trail";
import { GENERIC_ERROR, AppError } from "@/lib/server/errors";

/** Adjudicators include clinicians given the role, so access is checked per audit, not by role. */
export async function saveAdjudicationAction(raw: z.input<typeof saveAdjudicationSchema>) {
  const user = await getCurrentUser();
  if (!user) return { ok: false as const, error: "Your session ended; sign in again." };
  const parsed = saveAdjudicationSchema.safeParse(raw);
  if (!parsed.success) return { ok: false as const, error: parsed.error.issues[0]?.message ?? "Check the form." };
  const input = parsed.data;
  const access = await adjudicationAccess(db(), user, input.auditId);
  if (!access.ok) return { ok: false as const, error: "You cannot adjudicate this audit." };
  try {
    await saveAdjudication(db(), user.id, input);
    revalidatePath(`/audits/${input.auditId}/adjudicate`);
    return { ok: true as const };
  } catch (error) {
    if (error instanceof AppError) return { ok: false as const, error: error.userMessage };
    console.error("[adjudication]", error);
    return { ok: false as const, error: GENERIC_ERROR };
  }
}

export const setAdjudicatorAction = guardedAction(
  "audits:manage",
  z.object({ auditId: z.string().min(1), userId: z.string().nullable() }),
  async ({ auditId, userId }, user) => {
    if (userId) {
      const ok = await db().user.count({ where: { id: userId, role: "CLINICIAN", active: true } });
      if (!ok) throw new AppError("INVALID", "Only an active clinician can be the adjudicator.");
    }
    await db().$transaction(async (tx) => {
      await tx.audit.update({ where: { id: auditId }, data: { adjudicatorId: userId } });
      await recordEvent(tx, { actorId: user.id, action: "audit.adjudicator", entity: "Audit", entityId: auditId, after: { adjudicatorId: userId } });
    });
    revalidatePath(`/audits/${auditId}`);
  },
);
