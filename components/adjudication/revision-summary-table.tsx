import { getLocale, getTranslations } from "@/lib/i18n/server";
import type { ReportRevisions } from "@/lib/reports/revisions";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";

/**
 * The revision summary on the adjudication page: per kind of accepted correction, how many
 * changed, of how many reviewed, and the share (one decimal, as the paper prints it).
 */
export async function RevisionSummaryTable({ revisions }: { revisions: ReportRevisions }) {
  const [t, locale] = await Promise.all([getTranslations("adjudication.revisions"), getLocale()]);
  const { summary, conversations } = revisions;
  const share = new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const count = new Intl.NumberFormat(locale);
  const label = (kind: string) => t(`kinds.${kind === "evidence" && conversations ? "sources" : kind}` as never);
  return (
    <section aria-labelledby="revisions-heading" className="mb-6" data-testid="revision-summary">
      <h2 id="revisions-heading" className="text-sm font-semibold">
        {t("heading")}
      </h2>
      <p className="mb-2 mt-1 text-sm text-slate-600">{t("description", { items: summary.items })}</p>
      {summary.rows.every((r) => r.count === 0) && <p className="mb-2 text-sm text-slate-600">{t("none")}</p>}
      <Table caption={t("caption")}>
        <THead>
          <tr>
            <Th>{t("kind")}</Th>
            <Th numeric>{t("count")}</Th>
            <Th numeric>{t("of")}</Th>
            <Th numeric>{t("share")}</Th>
          </tr>
        </THead>
        <TBody>
          {summary.rows.map((r) => (
            <tr key={r.kind} data-kind={r.kind}>
              <Td>{label(r.kind)}</Td>
              <Td numeric>{count.format(r.count)}</Td>
              <Td numeric>{count.format(r.of)}</Td>
              <Td numeric>{r.share === null ? t("notApplicable") : share.format(r.share)}</Td>
            </tr>
          ))}
        </TBody>
      </Table>
    </section>
  );
}
