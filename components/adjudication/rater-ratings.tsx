import { useTranslations } from "@/lib/i18n/client";
import { Badge } from "../ui/badge";
import { Table } from "../ui/table";

/** A question to label: one per dimension, per turn on a per-turn dimension ("gold@t3", labelled with its turn). */
export interface AdjudicatedQuestion {
  key: string;
  label: string;
  categories: { key: string; label: string }[];
}
export interface RaterAnswers {
  label: string;
  name: string;
  comment: string;
  ratings: Record<string, string | null>;
  flagged?: boolean;
}

/** What each rater answered per question, the questions they answered differently marked, and their comments. */
export function RaterRatings({ rubric, raters }: { rubric: AdjudicatedQuestion[]; raters: RaterAnswers[] }) {
  const t = useTranslations("adjudication.panel");
  /** The raters gave this question different answers (where the adjudicator is most needed). */
  const differ = (key: string) => new Set(raters.map((r) => r.ratings[key]).filter((v) => v != null)).size > 1;
  return (
    <>
      <Table variant="report" scroll={false} data-testid="rater-ratings">
        <caption className="mb-1 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">{t("ratings")}</caption>
        <thead className="text-left">
          <tr>
            <th scope="col">{t("dimension")}</th>
            {raters.map((r) => (
              <th key={r.label} scope="col">
                {r.label} · {r.name}
                {r.flagged && (
                  <Badge tone="warning" className="ml-1" data-testid="rater-flagged">
                    ⚑ {t("flagged")}
                  </Badge>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rubric.map((d) => (
            <tr key={d.key} data-key={d.key}>
              <th scope="row" className="text-left font-medium">
                {d.label}
                {differ(d.key) && (
                  <Badge tone="warning" className="ml-1" data-testid="raters-differ">
                    {t("differ")}
                  </Badge>
                )}
              </th>
              {raters.map((r) => (
                <td key={r.label}>{d.categories.find((c) => c.key === r.ratings[d.key])?.label ?? "—"}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      {raters.some((r) => r.comment) && (
        <ul className="space-y-1 text-sm">
          {raters
            .filter((r) => r.comment)
            .map((r) => (
              <li key={r.label}>
                <span className="font-medium">{r.label}:</span> {r.comment}
              </li>
            ))}
        </ul>
      )}
    </>
  );
}
