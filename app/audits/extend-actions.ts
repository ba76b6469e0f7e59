"use server";
import { revalidatePath } from "next/cache";
import { extendSampleSchema, previewExtensionSchema } from "@/lib/schemas/audits";
import { guardedAction } from "@/lib/server/action";
import { extendAuditSample, planExtension } from "@/lib/server/audits/extend-sample";

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
