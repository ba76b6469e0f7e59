"use server";
import { getLocale, getTranslations } from "next-intl/server";
import { db } from "@/lib/db";
import { isLocale } from "@/lib/i18n/locales";
import { publicAction } from "@/lib/server/action";
import { acceptInvitation } from "@/lib/server/users/accept-invitation";
import { acceptFieldsSchema, type AcceptInput } from "@/lib/server/users/invitation-fields";
import { requestAddress } from "./client-address";

/** Anyone holding the link: creates their account (the link then never works again). */
export async function acceptInvitationAction(input: AcceptInput) {
  const t = await getTranslations("admin.form.errors");
  const schema = acceptFieldsSchema((key, values) => t(key, values));
  return publicAction("invitation.accept", schema, async (data) => {
    const locale = await getLocale();
    const user = await acceptInvitation(db(), data, { ip: await requestAddress(), ...(isLocale(locale) ? { locale } : {}) });
    return { email: user.email };
  })(input);
}
