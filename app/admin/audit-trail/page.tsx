import type { Metadata } from "next";
import { getTranslations } from "@/lib/i18n/server";
import { parseTableParams } from "@/components/data-table/search-params";
import { TrailTable } from "@/components/admin/trail-table";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/server/page";
import { listTrail, TRAIL_TABLE } from "@/lib/server/audit-trail-query";
import { buttonVariants } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin.trail"))("metaTitle") };
}

export default async function AuditTrailPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db } = await pageContext("audit-trail:read");
  const params = parseTableParams(await props.searchParams, TRAIL_TABLE);
  const [{ rows, total, entities }, t] = await Promise.all([listTrail(db, params), getTranslations("admin.trail")]);
  const query = new URLSearchParams({
    ...(params.search ? { q: params.search } : {}),
    ...(params.filters.entity ? { entity: params.filters.entity } : {}),
  });
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <a href={`/api/admin/audit-trail?${query}`} className={buttonVariants({ variant: "secondary" })} download>
            {t("export")}
          </a>
        }
      />
      <TrailTable rows={rows} total={total} entities={entities} {...params} />
    </>
  );
}
