import { getTranslations } from "@/lib/i18n/server";
import type { AccessFilters } from "@/lib/access-log/events";
import { buttonVariants } from "../ui/button";
import { SelectField, TextField } from "../ui/field";

/** A plain GET form: the filters are the URL's, so a filtered view is a link to share or bookmark. */
export async function AccessLogFilters(props: { filters: AccessFilters; users: { value: string; label: string; count: number }[] }) {
  const t = await getTranslations("admin.accessLog.filters");
  const f = props.filters;
  return (
    <form method="get" className="mb-4 grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5">
      <SelectField label={t("user")} name="user" defaultValue={f.userId ?? ""}>
        <option value="">{t("allUsers")}</option>
        {props.users.map((u) => (
          <option key={u.value} value={u.value}>
            {u.label} ({u.count})
          </option>
        ))}
      </SelectField>
      <TextField label={t("patient")} name="patient" defaultValue={f.patient ?? ""} maxLength={200} />
      <TextField label={t("from")} name="from" type="date" defaultValue={f.from ?? ""} />
      <TextField label={t("to")} name="to" type="date" defaultValue={f.to ?? ""} />
      <div className="flex gap-2">
        <button type="submit" className={buttonVariants({ variant: "primary" })}>
          {t("apply")}
        </button>
        <a href="?" className={buttonVariants({ variant: "secondary" })}>
          {t("clear")}
        </a>
      </div>
    </form>
  );
}
