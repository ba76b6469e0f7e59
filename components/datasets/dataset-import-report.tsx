import { useTranslations } from "@/lib/i18n/server";
import { Card, CardTitle } from "@/components/ui/card";
import type { ImportReport } from "@/lib/formats/import-report";
import { ImportReportView } from "./import-report";

/** The dataset page's import report: the one kept with this version when it was imported. */
export function DatasetImportReport({ report }: { report: ImportReport | null }) {
  const t = useTranslations("datasets.report");
  return (
    <Card as="section" aria-labelledby="dataset-import-report" raised className="mb-6" data-testid="dataset-import-report">
      <CardTitle id="dataset-import-report">{t("heading")}</CardTitle>
      {report ? <ImportReportView report={report} headingless /> : <p className="mt-2 text-sm text-slate-600">{t("none")}</p>}
    </Card>
  );
}
