import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "@/lib/i18n/server";
import { paramLinks, parseTableParams } from "@/components/data-table/search-params";
import { TriageTable } from "@/components/triage/triage-table";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/server/page";
import { datasetTriage } from "@/lib/server/triage/dataset-triage";
import { csvQuery, TRIAGE_TABLE, triagePage } from "@/lib/triage/table";
import { strataCounts } from "@/lib/triage/triage";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audits.triage"))("pageTitle") };
}

/**
 * A dataset's items ranked by its predictions' disagreement with the gold, before any audit
 * (issue #34 part 3): organizers and admins (evaluations:manage, who import the predictions).
 */
export default async function DatasetTriagePage(props: {
  params: Promise<{ datasetId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { db } = await pageContext("evaluations:manage");
  const { datasetId } = await props.params;
  const search = await props.searchParams;
  const triage = await datasetTriage(db, datasetId, typeof search.set === "string" ? search.set : undefined);
  if (!triage) notFound();
  const t = await getTranslations("audits.triage");
  const params = parseTableParams(search, TRIAGE_TABLE);
  const page = triagePage(triage.rows, params);
  const rows = page.rows.map((r) => ({ ...r, href: `/datasets/${datasetId}/items/${r.id}`, majorityLabel: null }));
  const csv = csvQuery(search);
  const setHref = paramLinks(`/datasets/${datasetId}/triage`, search, "set");
  const name = `${triage.dataset.name} v${triage.dataset.version}`;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href={`/datasets/${datasetId}`} className="text-teal-800 hover:underline">
          {t("back", { label: name })}
        </Link>
      </p>
      <PageHeader
        title={t("heading", { name })}
        description={t("datasetDescription")}
        actions={
          triage.predictionSet && (
            <a href={`/api/datasets/${datasetId}/triage?${csv}`} download className={buttonVariants({ variant: "secondary" })}>
              {t("download")}
            </a>
          )
        }
      />
      {triage.predictionSet ? (
        <>
          <p className="mb-1 text-sm text-slate-600" data-testid="triage-predictions">
            {t("predictions", { name: triage.predictionSet.name, checksum: triage.predictionSet.checksum })}
          </p>
          {triage.sets.length > 1 && (
            <nav aria-label={t("set")} className="mb-3 flex flex-wrap gap-3 text-sm">
              {triage.sets.map((s) =>
                s.id === triage.predictionSet?.id ? (
                  <span key={s.id} className="font-semibold" aria-current="page">
                    {s.name}
                  </span>
                ) : (
                  <Link key={s.id} href={setHref(s.id)} className="text-teal-800 hover:underline">
                    {s.name}
                  </Link>
                ),
              )}
            </nav>
          )}
          <TriageTable rows={rows} total={page.total} strata={strataCounts(triage.rows)} sampled={false} {...params} />
        </>
      ) : (
        <EmptyState>{t("noSets")}</EmptyState>
      )}
    </>
  );
}
