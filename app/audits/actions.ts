"use server";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { db } from "@/lib/db";
import { guardedAction } from "@/lib/server/action";
import { assignClinicians, assignSchema, ManualLinesError, withdrawClinician } from "@/lib/server/audits/assign";
import { createAudit, createAuditSchema, sampleRequestSchema } from "@/lib/server/audits/create-audit";
import { planErrorMessage } from "@/lib/server/audits/plan-errors";
import { previewSample } from "@/lib/server/audits/sampling-frame";
import { setAuditStatus, setShareResults, withdrawResultsAccess } from "@/lib/server/audits/set-status";
import { AppError } from "@/lib/server/errors";
import { SamplingError } from "@/lib/sampling";

export const previewSampleAction = guardedAction("audits:manage", sampleRequestSchema, async (input) => {
  try {
    const { sample, composition } = await previewSample(db(), input);
    return { seed: sample.seed, size: sample.size, frameSize: sample.frameSize, frameChecksum: sample.frameChecksum, ids: sample.ids, allocation: sample.allocation, composition };
  } catch (error) {
    if (error instanceof SamplingError) throw new AppError("INVALID", planErrorMessage(error));
    throw error;
  }
});

export const createAuditAction = guardedAction("audits:manage", createAuditSchema, async (input, user) => {
  const audit = await createAudit(db(), user.id, input);
  revalidatePath("/audits");
  return { id: audit.id };
});

export const assignAction = guardedAction("audits:manage", assignSchema, async (input, user) => {
  let result;
  try {
    result = await assignClinicians(db(), user.id, input);
  } catch (error) {
    // Each wrong line in the reader's language, not only the sentence around them.
    if (!(error instanceof ManualLinesError)) throw error;
    const t = await getTranslations();
    const text = (m: typeof error.problems[number]) => t(m.key as never, m.values as never);
    throw new AppError("INVALID", text(ManualLinesError.catalogMessage(error.problems, text)));
  }
  revalidatePath(`/audits/${input.auditId}`);
  return result;
});

export const withdrawAction = guardedAction(
  "audits:manage",
  z.strictObject({ auditId: z.string().min(1), userId: z.string().min(1) }),
  async ({ auditId, userId }, user) => {
    const count = await withdrawClinician(db(), user.id, auditId, userId);
    revalidatePath(`/audits/${auditId}`);
    return { count };
  },
);

export const setStatusAction = guardedAction(
  "audits:manage",
  z.strictObject({ auditId: z.string().min(1), action: z.enum(["open", "close"]) }),
  async ({ auditId, action }, user) => {
    const status = await setAuditStatus(db(), user.id, auditId, action);
    revalidatePath(`/audits/${auditId}`);
    return { status };
  },
);

export const setShareResultsAction = guardedAction(
  "audits:manage",
  z.strictObject({ auditId: z.string().min(1), share: z.boolean() }),
  async ({ auditId, share }, user) => {
    await setShareResults(db(), user.id, auditId, share);
    revalidatePath(`/audits/${auditId}`);
  },
);

export const withdrawResultsAccessAction = guardedAction(
  "audits:manage",
  z.strictObject({ auditId: z.string().min(1) }),
  async ({ auditId }, user) => {
    await withdrawResultsAccess(db(), user.id, auditId);
    revalidatePath(`/audits/${auditId}`);
  },
);
