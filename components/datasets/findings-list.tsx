import Link from "next/link";
import { getFormatter, getTranslations } from "@/lib/i18n/server";
import { findingText } from "@/components/findings/finding-text";
import { Badge } from "@/components/ui/badge";
import { Table, TBody, THead, Td, Th } from "@/components/ui/table";
import { FINDING_KINDS } from "@/lib/formats";
import type { FindingView } from "@/lib/server/datasets/findings";
import { Card, CardTitle } from "@/components/ui/card";

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
    <Card as="section" aria-labelledby="dataset-findings" raised className="mb-6" data-testid="dataset-findings">
      <div className="flex flex-wrap items-baseline gap-3">
        <CardTitle id="dataset-findings">{t("heading")}</CardTitle>
        {total > 0 && <Badge tone="warning">{t("total", { total })}</Badge>}
        {FINDING_KINDS.filter((k) => counts[k]).map((k) => (
          <span key={k} className="text-xs text-slate-600">
            {t(`kinds.${k}`)}: {format.number(counts[k]!)}
          </span>
        ))}
      </div>
      {total === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("none")}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
          <div className="mt-3 max-h-96 overflow-auto">
            <Table framed={false} caption={t("caption")}>
              <THead>
                <tr>
                  <Th className="px-3 py-2">{t("columns.kind")}</Th>
                  <Th className="px-3 py-2">{t("columns.item")}</Th>
                  <Th className="px-3 py-2">{t("columns.detail")}</Th>
                  <Th className="px-3 py-2">{t("columns.location")}</Th>
                </tr>
              </THead>
              <TBody>
                {rows.map((f) => (
                  <tr key={f.id}>
                    <Td className="px-3 py-2 whitespace-nowrap">
                      <Badge tone={f.detail.gold || f.kind === "no_note_text" ? "danger" : "warning"}>{t(`kinds.${f.kind}`)}</Badge>
                    </Td>
                    <Td className="px-3 py-2 font-mono text-xs">
                      {f.item ? (
                        <Link href={`/datasets/${datasetId}/items/${f.item.id}`} className="text-teal-800 hover:underline">
                          {f.item.externalId}
                        </Link>
                      ) : (
                        t("datasetLevel")
                      )}
                    </Td>
                    <Td className="px-3 py-2 text-slate-800">{findingText(t, f)}</Td>
                    <Td className="px-3 py-2 font-mono text-xs text-slate-600">
                      {f.location} · {f.field}
                    </Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          </div>
          {rows.length < total && (
            <p className="mt-2 text-xs text-slate-600">{t("shown", { shown: format.number(rows.length), total: format.number(total) })}</p>
          )}
        </>
      )}
    </Card>
  );
}
