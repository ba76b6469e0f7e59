"use server";
import { revalidatePath } from "next/cache";
import { getTranslations } from "@/lib/i18n/server";
import {
  assignSchema,
  auditOnlySchema,
  createAuditSchema,
  extendSampleSchema,
  previewExtensionSchema,
  rubricTextsSchema,
  sampleRequestSchema,
  saveGuidelinesSchema,
  setShareResultsSchema,
  setStatusSchema,
  withdrawClinicianSchema,
} from "@/lib/schemas/audits";
import { guardedAction } from "@/lib/server/action";
import { assignClinicians, ManualLinesError, withdrawClinician } from "@/lib/server/audits/assign";
import { createAudit } from "@/lib/server/audits/create-audit";
import { extendAuditSample, planExtension } from "@/lib/server/audits/extend-sample";
import { saveGuidelines } from "@/lib/server/audits/guidelines";
import { saveRubricTexts } from "@/lib/server/audits/rubric-texts";
import { sampleSummary } from "@/lib/server/audits/sampling-frame";
import { setAuditStatus, setShareResults, withdrawResultsAccess } from "@/lib/server/audits/set-status";
import { AppError } from "@/lib/server/errors";

// The organizer's audit actions (organizers and admins: audits:manage); each revalidates the page it changes.

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

export const withdrawAction = guardedAction("audits:manage", withdrawClinicianSchema, async ({ auditId, userId }, { db, user }) => {
  const count = await withdrawClinician(db, user.id, auditId, userId);
  revalidatePath(`/audits/${auditId}`);
  return { count };
});

export const setStatusAction = guardedAction("audits:manage", setStatusSchema, async ({ auditId, action }, { db, user }) => {
  const status = await setAuditStatus(db, user.id, auditId, action);
  revalidatePath(`/audits/${auditId}`);
  return { status };
});

export const setShareResultsAction = guardedAction("audits:manage", setShareResultsSchema, async ({ auditId, share }, { db, user }) => {
  await setShareResults(db, user.id, auditId, share);
  revalidatePath(`/audits/${auditId}`);
});

export const withdrawResultsAccessAction = guardedAction("audits:manage", auditOnlySchema, async ({ auditId }, { db, user }) => {
  await withdrawResultsAccess(db, user.id, auditId);
  revalidatePath(`/audits/${auditId}`);
});

export const saveGuidelinesAction = guardedAction("audits:manage", saveGuidelinesSchema, async ({ auditId, guidelines }, { db, user }) => {
  await saveGuidelines(db, user.id, auditId, guidelines);
  revalidatePath(`/audits/${auditId}`);
});

export const saveRubricTextsAction = guardedAction("audits:manage", rubricTextsSchema, async (input, { db, user }) => {
  const result = await saveRubricTexts(db, user.id, input);
  revalidatePath(`/audits/${input.auditId}`);
  return result;
});

export const previewExtensionAction = guardedAction(
  "audits:manage",
  previewExtensionSchema,
  async ({ auditId, add }, { db }) => (await planExtension(db, auditId, add)).plan,
);

export const extendSampleAction = guardedAction("audits:manage", extendSampleSchema, async (input, { db, user }) => {
  const plan = await extendAuditSample(db, user.id, input);
  revalidatePath(`/audits/${input.auditId}`);
  return plan;
});
