"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { guidelinesSchema } from "@/lib/audits/guidelines";
import { guardedAction } from "@/lib/server/action";
import { saveGuidelines } from "@/lib/server/audits/guidelines";

export const saveGuidelinesAction = guardedAction(
  "audits:manage",
  z.strictObject({ auditId: z.string().min(1).max(100), guidelines: guidelinesSchema }),
  async ({ auditId, guidelines }, { db, user }) => {
    await saveGuidelines(db, user.id, auditId, guidelines);
    revalidatePath(`/audits/${auditId}`);
  },
);
