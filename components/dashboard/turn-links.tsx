/**
 * The dashboard's choice of turn for a conversation audit's per-turn figures: plain links (one
 * search parameter, `turn`), so each view is bookmarkable and the page sends one turn's charts
 * and lists instead of every turn's. "All turns" shows everything (to print).
 */
import Link from "next/link";
import { useTranslations } from "@/lib/i18n/server";
import type { TurnChoice, TurnView } from "@/lib/reports/turn-view";
import { buttonVariants } from "../ui/button";

export function TurnLinks({ view, href }: { view: TurnView; href: (choice: TurnChoice) => string }) {
  const t = useTranslations("dashboard.turns");
  if (view.turns.length === 0) return null;
  const link = (choice: TurnChoice, text: string) => {
    const current = view.chosen === choice;
    return (
      <li key={String(choice)}>
        <Link
          href={href(choice)}
          scroll={false}
          aria-current={current ? "page" : undefined}
          className={buttonVariants({
            variant: current ? "primary" : "secondary",
            size: "sm",
            className: "h-8 min-w-8 px-2 font-normal tabular-nums",
          })}
        >
          {text}
        </Link>
      </li>
    );
  };
  return (
    <nav aria-label={t("label")} className="flex flex-wrap items-center gap-2 text-sm print:hidden" data-testid="turn-links">
      <span className="text-slate-700">{t("label")}</span>
      <ul className="flex flex-wrap gap-1">
        {view.turns.map((turn) => link(turn, String(turn)))}
        {link("all", t("all"))}
      </ul>
      <span className="text-xs text-slate-600">{t("lead")}</span>
    </nav>
  );
}
