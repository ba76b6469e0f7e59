import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { findingText } from "@/components/findings/finding-text";
import { Badge } from "@/components/ui/badge";
import { FINDING_KINDS } from "@/lib/formats";
import type { FindingView } from "@/lib/server/datasets/findings";

interface Props {
  datasetId: string;
  rows: readonly FindingView[];
  counts: Partial<Record<(typeof FINDING_KINDS)[number], number>>;
  total: number;
}

/** The dataset's data-quality findings: counts by kind, then each with its item and source location. */
export async function FindingsList({ datasetId, rows, counts, total }: Props) {
  const [t, format] = await Promise.all([getTranslations("findings"), getFormatter()]);
  return (
    <section aria-labelledby="dataset-findings" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="dataset-findings">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="dataset-findings" className="text-base font-semibold text-slate-900">{t("heading")}</h2>
        {total > 0 && <Badge tone="warning">{t("total", { total })}</Badge>}
        {FINDING_KINDS.filter((k) => counts[k]).map((k) => (
          <span key={k} className="text-xs text-slate-600">{t(`kinds.${k}`)}: {format.number(counts[k]!)}</span>
        ))}
      </div>
      {total === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("none")}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
          <div className="mt-3 max-h-96 overflow-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">{t("caption")}</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">{t("columns.kind")}</th>
                  <th scope="col" className="px-3 py-2">{t("columns.item")}</th>
                  <th scope="col" className="px-3 py-2">{t("columns.detail")}</th>
                  <th scope="col" className="px-3 py-2">{t("columns.location")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((f) => (
                  <tr key={f.id}>
                    <td className="px-3 py-2 whitespace-nowrap"><Badge tone={f.detail.gold || f.kind === "no_note_text" ? "danger" : "warning"}>{t(`kinds.${f.kind}`)}</Badge></td>
                    <td className="px-3 py-2 font-mono text-xs">
                      {f.item ? <Link href={`/datasets/${datasetId}/items/${f.item.id}`} className="text-teal-800 hover:underline">{f.item.externalId}</Link> : t("datasetLevel")}
                    </td>
                    <td className="px-3 py-2 text-slate-800">{findingText(t, f)}</td>
                    <td className="px-3 py-2 font-mono text-xs text-slate-600">{f.location} · {f.field}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {rows.length < total && <p className="mt-2 text-xs text-slate-600">{t("shown", { shown: format.number(rows.length), total: format.number(total) })}</p>}
        </>
      )}
    </section>
  );
}
