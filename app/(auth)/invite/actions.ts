"use server";
import { getLocale } from "next-intl/server";
import { isLocale } from "@/lib/i18n/locales";
import { acceptInvitationSchema } from "@/lib/schemas/users";
import { publicAction } from "@/lib/server/action";
import { acceptInvitation } from "@/lib/server/users/accept-invitation";
import { requestAddress } from "@/lib/server/request-address";

/** Anyone holding the link: creates their account (the link then never works again). */
export const acceptInvitationAction = publicAction("invitation.accept", acceptInvitationSchema, async (data, { db }) => {
  const locale = await getLocale();
  const user = await acceptInvitation(db, data, { ip: await requestAddress(), ...(isLocale(locale) ? { locale } : {}) });
  return { email: user.email };
});
