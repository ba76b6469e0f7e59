/**
 * The report's options as a plain GET form (works without JavaScript: the choice lands in
 * the URL, so a view can be shared) and the downloads for exactly those options.
 */
import { useFormatter, useTranslations } from "@/lib/i18n/server";
import { Button, buttonVariants } from "../ui/button";
import { SelectField } from "../ui/field";
import { Card } from "../ui/card";

export interface ReportOptionsProps {
  setId: string;
  scopes: string[];
  baseline: string;
  replicates: number;
  choices: readonly number[];
  exports: readonly { file: string; key: "json" | "csv" | "tex" }[];
  query: string;
}

export function ReportOptions({ setId, scopes, baseline, replicates, choices, exports, query }: ReportOptionsProps) {
  const t = useTranslations("evaluation.report.options");
  const format = useFormatter();
  return (
    <Card as="section" aria-labelledby="options-heading" raised className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <form method="get" className="flex flex-wrap items-end gap-3" aria-labelledby="options-heading">
        <h2 id="options-heading" className="sr-only">
          {t("heading")}
        </h2>
        <SelectField label={t("baseline")} name="baseline" defaultValue={baseline}>
          {scopes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("replicates")} name="b" defaultValue={String(replicates)}>
          {choices.map((b) => (
            <option key={b} value={b}>
              {format.number(b)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          {t("apply")}
        </Button>
      </form>
      <div>
        <h2 className="text-sm font-semibold">{t("downloads")}</h2>
        <ul className="mt-1 flex flex-wrap gap-2 text-sm">
          {exports.map((e) => (
            <li key={e.file}>
              <a
                className={buttonVariants({ variant: "secondary", size: "sm", className: "font-normal" })}
                href={`/api/evaluations/${setId}/export/${e.file}${query}`}
                download
              >
                {t(e.key)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
