"use server";
import { getLocale } from "@/lib/i18n/server";
import { isLocale } from "@/lib/i18n/locales";
import { acceptInvitationForSsoSchema, acceptInvitationSchema, type AcceptForSsoInput, type AcceptInput } from "@/lib/schemas/users";
import { publicAction } from "@/lib/server/action";
import { acceptInvitation } from "@/lib/server/users/accept-invitation";
import { requestAddress } from "@/lib/server/request-address";

async function accept(db: Parameters<typeof acceptInvitation>[0], data: AcceptInput | AcceptForSsoInput) {
  const locale = await getLocale();
  const user = await acceptInvitation(db, data, { ip: await requestAddress(), ...(isLocale(locale) ? { locale } : {}) });
  return { email: user.email };
}

/** Anyone holding the link: creates their account (the link then never works again). */
export const acceptInvitationAction = publicAction("invitation.accept", acceptInvitationSchema, (data, { db }) => accept(db, data));

/** The same where password sign-in is off: no password; the invitee then signs in with SSO. */
export const acceptInvitationForSsoAction = publicAction("invitation.accept", acceptInvitationForSsoSchema, (data, { db }) =>
  accept(db, data),
);
