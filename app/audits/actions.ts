"use server";
import { revalidatePath } from "next/cache";
import { getTranslations } from "@/lib/i18n/server";
import { z } from "zod";
import { createAuditSchema, sampleRequestSchema } from "@/lib/schemas/audits";
import { guardedAction } from "@/lib/server/action";
import { assignClinicians, assignSchema, ManualLinesError, withdrawClinician } from "@/lib/server/audits/assign";
import { createAudit } from "@/lib/server/audits/create-audit";
import { sampleSummary } from "@/lib/server/audits/sampling-frame";
import { setAuditStatus, setShareResults, withdrawResultsAccess } from "@/lib/server/audits/set-status";
import { AppError } from "@/lib/server/errors";

export const previewSampleAction = guardedAction("audits:manage", sampleRequestSchema, async (input, { db }) => sampleSummary(db, input));

export const createAuditAction = guardedAction("audits:manage", createAuditSchema, async (input, { db, user }) => {
  const audit = await createAudit(db, user.id, input);
  revalidatePath("/audits");
  return { id: audit.id };
});

export const assignAction = guardedAction("audits:manage", assignSchema, async (input, { db, user }) => {
  const result = await assignClinicians(db, user.id, input).catch(async (error: unknown) => {
    // Each wrong line in the reader's language, not only the sentence around them.
    if (!(error instanceof ManualLinesError)) throw error;
    const t = await getTranslations();
    throw new AppError(
      "INVALID",
      ManualLinesError.catalogMessage(error.problems, (m) => t(m.key as never, m.values as never)),
    );
  });
  revalidatePath(`/audits/${input.auditId}`);
  return result;
});

export const withdrawAction = guardedAction(
  "audits:manage",
  z.strictObject({ auditId: z.string().min(1), userId: z.string().min(1) }),
  async ({ auditId, userId }, { db, user }) => {
    const count = await withdrawClinician(db, user.id, auditId, userId);
    revalidatePath(`/audits/${auditId}`);
    return { count };
  },
);

export const setStatusAction = guardedAction(
  "audits:manage",
  z.strictObject({ auditId: z.string().min(1), action: z.enum(["open", "close"]) }),
  async ({ auditId, action }, { db, user }) => {
    const status = await setAuditStatus(db, user.id, auditId, action);
    revalidatePath(`/audits/${auditId}`);
    return { status };
  },
);

export const setShareResultsAction = guardedAction(
  "audits:manage",
  z.strictObject({ auditId: z.string().min(1), share: z.boolean() }),
  async ({ auditId, share }, { db, user }) => {
    await setShareResults(db, user.id, auditId, share);
    revalidatePath(`/audits/${auditId}`);
  },
);

export const withdrawResultsAccessAction = guardedAction(
  "audits:manage",
  z.strictObject({ auditId: z.string().min(1) }),
  async ({ auditId }, { db, user }) => {
    await withdrawResultsAccess(db, user.id, auditId);
    revalidatePath(`/audits/${auditId}`);
  },
);
