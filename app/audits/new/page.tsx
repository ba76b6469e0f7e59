import type { Metadata } from "next";
import { randomInt } from "node:crypto";
import { getTranslations } from "@/lib/i18n/server";
import { NewAuditForm } from "@/components/audits/new-audit-form";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { pageContext } from "@/lib/server/page";
import { listDatasets } from "@/lib/server/datasets/list-datasets";
import { datasetLanguages } from "@/lib/server/audits/dataset-language";
import { predictionSetsByDataset } from "@/lib/server/audits/model-strata";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audits.new"))("title") };
}

export default async function NewAuditPage(props: { searchParams: Promise<{ dataset?: string }> }) {
  const { db } = await pageContext("audits:manage");
  const { dataset } = await props.searchParams;
  const [datasets, t] = await Promise.all([listDatasets(db), getTranslations("audits.new")]);
  const [languages, sets] = await Promise.all([
    datasetLanguages(
      db,
      datasets.map((d) => d.id),
    ),
    predictionSetsByDataset(db),
  ]);
  // Unless a dataset was chosen on its own page: the one imported last, the likeliest to audit.
  const newest = datasets.reduce<(typeof datasets)[number] | undefined>((a, d) => (!a || d.importedAt > a.importedAt ? d : a), undefined);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      {datasets.length === 0 ? (
        <EmptyState>{t("noDataset")}</EmptyState>
      ) : (
        <NewAuditForm
          datasets={datasets.map((d) => ({
            id: d.id,
            label: `${d.name} v${d.version}`,
            itemCount: d.itemCount,
            family: d.family,
            language: languages.get(d.id) ?? null,
            predictionSets: sets.get(d.id) ?? [],
          }))}
          initialDatasetId={dataset && datasets.some((d) => d.id === dataset) ? dataset : newest?.id}
          initialSeed={String(randomInt(100000, 999999))}
        />
      )}
    </>
  );
}
