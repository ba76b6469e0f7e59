"use server";
import { revalidatePath } from "next/cache";
import { guardedAction } from "@/lib/server/action";
import { rubricTextsSchema, saveRubricTexts } from "@/lib/server/audits/rubric-texts";

export const saveRubricTextsAction = guardedAction("audits:manage", rubricTextsSchema, async (input, { db, user }) => {
  const result = await saveRubricTexts(db, user.id, input);
  revalidatePath(`/audits/${input.auditId}`);
  return result;
});
