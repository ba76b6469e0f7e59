/**
 * Items on which the raters did not all agree, with the split of the votes (2 Correct · 1 Incorrect)
 * and the majority label, but never who chose what: the list is shown while the audit is open, and
 * a rater who saw a colleague's vote would no longer be an independent rater.
 */
import { useTranslations } from "@/lib/i18n/server";
import { categoryLabel } from "@/lib/reports/labels";
import type { ShownDimension } from "@/lib/reports/types";
import { Card } from "../ui/card";
import { ITEM_ROWS, Table } from "../ui/table";
import { pageOf } from "../data-table/search-params";
import { PageLinks } from "../ui/page-links";

/** Rows per page: a full review disagrees on thousands of items. */
export const DISAGREEMENTS_PAGE = 25;

export function DisagreementList({
  dimension,
  title,
  itemHref,
  page = 1,
  pageHref,
}: {
  dimension: ShownDimension;
  title?: string;
  itemHref?: (itemId: string) => string;
  /** The page shown, and where the others are (without it, every row is shown: print, exports). */
  page?: number;
  pageHref?: (page: number) => string;
}) {
  const t = useTranslations("dashboard.disagreements");
  const items = dimension.disagreements;
  const shown = pageHref ? pageOf(items, page, DISAGREEMENTS_PAGE) : { rows: items, page: 1 };
  const pager = pageHref && <PageLinks total={items.length} page={shown.page} size={DISAGREEMENTS_PAGE} href={pageHref} />;
  const heading = title ?? t("heading", { label: dimension.label });
  return (
    <Card as="section">
      <Table
        variant="report"
        className={ITEM_ROWS}
        scroll={false}
        title={heading}
        note={items.length === 0 ? t("none") : t("summary", { count: items.length })}
      >
        {items.length > 0 && (
          <thead>
            <tr>
              <th scope="col" className="text-left">
                {t("item")}
              </th>
              <th scope="col" className="text-left">
                {t("chapter")}
              </th>
              <th scope="col" className="text-left">
                {t("level")}
              </th>
              <th scope="col" className="text-right">
                {t("ratings")}
              </th>
              <th scope="col" className="text-left">
                {t("split")}
              </th>
              <th scope="col" className="text-left">
                {t("majority")}
              </th>
            </tr>
          </thead>
        )}
        <tbody>
          {shown.rows.map((i) => (
            <tr key={i.itemId}>
              <th scope="row">{itemHref ? <a href={itemHref(i.itemId)}>{i.externalId}</a> : i.externalId}</th>
              <td>{i.chapter ?? "—"}</td>
              <td>{i.level ?? "—"}</td>
              <td className="text-right tabular-nums">{i.ratings}</td>
              <td data-testid="split">
                {i.counts
                  .filter((c) => c.count > 0)
                  .map((c) => `${c.count} ${categoryLabel(dimension, c.category)}`)
                  .join(" · ")}
              </td>
              <td>
                {categoryLabel(dimension, i.majority)}
                {i.tied && <span className="ml-1 text-xs text-amber-800">{t("tie")}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {pager}
    </Card>
  );
}
