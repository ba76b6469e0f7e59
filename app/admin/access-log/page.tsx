import type { Metadata } from "next";
import { getTranslations } from "@/lib/i18n/server";
import { AccessLogFilters } from "@/components/admin/access-log-filters";
import { AccessLogTable } from "@/components/admin/access-log-table";
import { parseTableParams } from "@/components/data-table/search-params";
import { buttonVariants } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { accessFilterParams, parseAccessFilters } from "@/lib/access-log/events";
import { ACCESS_TABLE, listAccess } from "@/lib/server/access-log/query";
import { pageContext } from "@/lib/server/page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin.accessLog"))("metaTitle") };
}

export default async function AccessLogPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db } = await pageContext("access-log:read");
  const search = await props.searchParams;
  const params = parseTableParams(search, ACCESS_TABLE);
  const filters = parseAccessFilters((key) => [search[key]].flat()[0]);
  const [{ rows, total, users }, t] = await Promise.all([listAccess(db, params, filters), getTranslations("admin.accessLog")]);
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <a
            href={`/api/admin/access-log?${new URLSearchParams(accessFilterParams(filters))}`}
            className={buttonVariants({ variant: "secondary" })}
            download
          >
            {t("export")}
          </a>
        }
      />
      <AccessLogFilters filters={filters} users={users} />
      <AccessLogTable rows={rows} total={total} {...params} />
    </>
  );
}
