import { useTranslations } from "@/lib/i18n/client";
import { Badge } from "../ui/badge";

/** Options with the designated gold answer unmistakable: border, check mark and the words "Gold answer". */
export function OptionsList({ options, gold, testId }: { options: { label: string; text: string }[]; gold: string; testId?: string }) {
  const t = useTranslations("review.options");
  return (
    <ol className="space-y-2" data-testid={testId}>
      {options.map((o) => {
        const isGold = o.label === gold;
        return (
          <li
            key={o.label}
            className={`flex gap-3 rounded-md border px-3 py-2 text-sm ${isGold ? "border-teal-700 bg-teal-50 ring-1 ring-teal-700" : "border-slate-200 bg-white"}`}
            data-gold={isGold || undefined}
          >
            <span className="font-semibold text-slate-700">{o.label}.</span>
            <span className="min-w-0 flex-1 break-words text-slate-900">{o.text}</span>
            {isGold && (
              <Badge tone="solid" className="self-start">
                {t("gold")}
              </Badge>
            )}
          </li>
        );
      })}
    </ol>
  );
}
