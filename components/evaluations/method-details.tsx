/** How the numbers were made, enough to re-run them: the report's method block, readable. */
import { useTranslations } from "@/lib/i18n/server";
import { levelPercent, thousands } from "@/lib/evaluation/report-format";
import type { EvaluationReport } from "@/lib/evaluation/report-types";
import { Card } from "../ui/card";
import { Table } from "../ui/table";

/** The method text itself is the report's (English, as recorded in the JSON export). */
export function MethodDetails({ report }: { report: EvaluationReport }) {
  const t = useTranslations("evaluation.method");
  const l = useTranslations("evaluation.labels");
  const m = report.method;
  const rows: [string, string][] = [
    [t("bootstrap"), m.bootstrap],
    [t("replicates"), t("replicatesValue", { replicates: thousands(m.replicates), level: levelPercent(m.level) })],
    [t("prng"), m.prng],
    [t("quantile"), m.quantile],
    [t("seeds"), m.seedRule],
    [
      t("streams"),
      [
        `accuracy ${m.streams.accuracy}`,
        `paired ${m.streams.paired}`,
        m.streams.decisionPoints && `decision points ${m.streams.decisionPoints}`,
        `breakdowns ${m.streams.breakdown}`,
        m.streams.conversation && `conversations ${m.streams.conversation}`,
      ]
        .filter(Boolean)
        .join("; "),
    ],
    // Engine 2 only: the shared draws, explained in the reader's language beside the recorded text.
    ...(m.draws ? ([[t("draws"), `${t("drawsExplained")} — ${m.draws}`]] as [string, string][]) : []),
    [t("pValues"), m.pValues],
    [t("cases"), m.cases],
    [t("datasetChecksum"), report.dataset.checksum],
    [t("predictionsChecksum"), report.predictions.checksum],
  ];
  return (
    <Card as="details" className="text-sm">
      <summary className="cursor-pointer font-semibold text-slate-900">{t("summary")}</summary>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600">{k}</dt>
            <dd className="break-words font-mono text-xs text-slate-800">{v}</dd>
          </div>
        ))}
      </dl>
      <Table variant="report" scroll={false} className="mt-3 w-auto text-xs">
        <caption className="text-left font-semibold text-slate-700">{t("seedTable")}</caption>
        <thead>
          <tr className="text-left">
            <th scope="col">{l("model")}</th>
            <th scope="col">{l("scope")}</th>
            <th scope="col">{t("seed")}</th>
          </tr>
        </thead>
        <tbody className="font-mono text-slate-800">
          {m.seeds.map((s) => (
            <tr key={`${s.model}-${s.scope}`}>
              <td>{s.model}</td>
              <td>{s.scope}</td>
              <td>{s.seed}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
