"use server";
import { revalidatePath } from "next/cache";
import { saveAdjudicationSchema } from "@/lib/schemas/adjudication";
import { setAdjudicatorSchema } from "@/lib/schemas/audits";
import { guardedAction } from "@/lib/server/action";
import { authorizeAdjudication } from "@/lib/server/adjudication/access";
import { prepareCorrected } from "@/lib/server/adjudication/corrected-cache";
import { saveAdjudication } from "@/lib/server/adjudication/save-adjudication";
import { setAdjudicator } from "@/lib/server/adjudication/set-adjudicator";

/** Adjudicators include clinicians given the role, so access is checked per audit, not by role. */
export const saveAdjudicationAction = guardedAction("signed-in", saveAdjudicationSchema, {
  authorize: (input, { db, user }) => authorizeAdjudication(db, user, input.auditId),
  handler: async (input, { db, user }) => {
    await saveAdjudication(db, user.id, input);
    // The corrected benchmark of the new state is built now, in the background, so it is ready
    // (validated, on disk) by the time anyone downloads it.
    prepareCorrected(db, input.auditId);
    revalidatePath(`/audits/${input.auditId}/adjudicate`);
  },
});

export const setAdjudicatorAction = guardedAction("audits:manage", setAdjudicatorSchema, async ({ auditId, userId }, { db, user }) => {
  await setAdjudicator(db, user.id, auditId, userId);
  revalidatePath(`/audits/${auditId}`);
});
