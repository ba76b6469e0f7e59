import { useTranslations } from "@/lib/i18n/server";
import type { ReviewOrderRule } from "@/lib/sampling/review-order";
import { pageOf } from "../data-table/search-params";
import { PageLinks } from "../ui/page-links";

/** The audit's review-order rule in words, for the organizer (null: made before orders were recorded). */
export function ReviewOrderRuleText({ rule }: { rule: ReviewOrderRule | null }) {
  const t = useTranslations("audits.reviewOrder");
  return (
    <p className="mt-2 text-sm text-slate-700" data-testid="review-order-rule">
      <span className="font-medium text-slate-800">{t("heading")}</span>{" "}
      {rule === null ? t("legacy") : t(rule.mode === "shared" ? "shared" : "perRater", { algorithm: `${rule.algorithm} v${rule.version}` })}
    </p>
  );
}

const FLAGGED_PAGE = 50;

/** Flagged-for-discussion items with who flagged them. */
export function FlaggedItems({
  items,
  page = 1,
  pageHref,
}: {
  items: { externalId: string; by: string[] }[];
  page?: number;
  /** Where the other pages are: a full review can have thousands of flags. */
  pageHref?: (page: number) => string;
}) {
  const t = useTranslations("audits.progress");
  if (items.length === 0) return null;
  const shown = pageHref ? pageOf(items, page, FLAGGED_PAGE) : { rows: items, page: 1 };
  return (
    <div
      id="flagged-items"
      className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="flagged-items"
    >
      <p className="font-medium">
        <span aria-hidden="true">⚑ </span>
        {t("flaggedHeading", { count: items.length })}
      </p>
      <ul className="mt-1 space-y-0.5">
        {shown.rows.map((i) => (
          <li key={i.externalId}>
            <span className="font-mono">{i.externalId}</span> · {i.by.join(", ")}
          </li>
        ))}
      </ul>
      {pageHref && <PageLinks total={items.length} page={shown.page} size={FLAGGED_PAGE} href={pageHref} />}
    </div>
  );
}
