"use server";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { guardedAction } from "@/lib/server/action";
import { extendAuditSample, extendSampleSchema, planExtension } from "@/lib/server/audits/extend-sample";

export const previewExtensionAction = guardedAction("audits:manage", extendSampleSchema.omit({ fromSize: true }), async ({ auditId, add }) => (await planExtension(db(), auditId, add)).plan);

export const extendSampleAction = guardedAction("audits:manage", extendSampleSchema, async (input, user) => {
  const plan = await extendAuditSample(db(), user.id, input);
  revalidatePath(`/audits/${input.auditId}`);
  return plan;
});

