"use server";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { localizeKnown } from "@/components/audits/known-text";
import { db } from "@/lib/db";
import { en } from "@/lib/i18n/messages";
import { guardedAction } from "@/lib/server/action";
import { getCurrentUser } from "@/lib/server/auth/current-user";
import { adjudicationAccess } from "@/lib/server/adjudication/access";
import { prepareCorrected } from "@/lib/server/adjudication/corrected-cache";
import { saveAdjudication, saveAdjudicationSchema } from "@/lib/server/adjudication/save-adjudication";
import { setAdjudicator } from "@/lib/server/adjudication/set-adjudicator";
import { AppError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";

/** Adjudicators include clinicians given the role, so access is checked per audit, not by role. */
export async function saveAdjudicationAction(raw: z.input<typeof saveAdjudicationSchema>) {
  const [user, t] = await Promise.all([getCurrentUser(), getTranslations()]);
  if (!user) return { ok: false as const, error: t("adjudication.errors.session") };
  const parsed = saveAdjudicationSchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    const text = message === undefined ? t("adjudication.errors.checkForm") : localizeKnown(en.adjudication.validation, message, (key) => t(`adjudication.validation.${key}` as never));
    return { ok: false as const, error: text };
  }
  const input = parsed.data;
  const access = await adjudicationAccess(db(), user, input.auditId);
  if (!access.ok) return { ok: false as const, error: t("adjudication.errors.cannotAdjudicate") };
  try {
    await saveAdjudication(db(), user.id, input);
    // The corrected benchmark of the new state is built now, in the background, so it is ready
    // (validated, on disk) by the time anyone downloads it.
    prepareCorrected(db(), input.auditId);
    revalidatePath(`/audits/${input.auditId}/adjudicate`);
    return { ok: true as const };
  } catch (error) {
    if (error instanceof AppError) return { ok: false as const, error: error.catalog ? t(error.catalog.key as never, error.catalog.values as never) : error.userMessage };
    log().error({ err: error, scope: "adjudication", userId: user.id }, "saving failed");
    return { ok: false as const, error: t("common.errors.generic") };
  }
}

export const setAdjudicatorAction = guardedAction(
  "audits:manage",
  z.strictObject({ auditId: z.string().min(1), userId: z.string().nullable() }),
  async ({ auditId, userId }, user) => {
    await setAdjudicator(db(), user.id, auditId, userId);
    revalidatePath(`/audits/${auditId}`);
  },
);
