import "server-only";
import type { Db } from "../../db/client";
import type { Locale } from "../../i18n/locales";
import { recordEvent } from "../audit-trail";

/** Saves a user's interface language; a no-op when it is already theirs. */
export async function setUserLocale(db: Db, userId: string, locale: Locale) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { locale: true } });
  if (!user || user.locale === locale) return;
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { locale } });
    await recordEvent(tx, {
      actorId: userId,
      action: "user.locale",
      entity: "User",
      entityId: userId,
      before: { locale: user.locale },
      after: { locale },
    });
  });
}
