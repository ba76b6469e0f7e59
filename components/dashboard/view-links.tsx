/**
 * The dashboard's parts (lib/reports/dashboard-view.ts) as plain links, one search parameter
 * (`view`): each part is bookmarkable and the page sends only its figures. "Everything" shows all
 * of them (to print, or to search the whole page).
 */
import Link from "next/link";
import { useTranslations } from "@/lib/i18n/server";
import type { DashboardPart, DashboardView } from "@/lib/reports/dashboard-view";
import { buttonVariants } from "../ui/button";

export function ViewLinks({
  parts,
  view,
  href,
}: {
  /** The parts this audit has something to show in, in order. */
  parts: readonly DashboardPart[];
  view: DashboardView;
  href: (view: DashboardView) => string;
}) {
  const t = useTranslations("dashboard.views");
  return (
    <nav aria-label={t("label")} className="mb-6 print:hidden" data-testid="dashboard-views">
      <ul className="flex flex-wrap gap-1 border-b border-slate-200 pb-2">
        {[...parts, "all" as const].map((choice) => {
          const current = choice === view;
          return (
            <li key={choice}>
              <Link
                href={href(choice)}
                aria-current={current ? "page" : undefined}
                className={buttonVariants({ variant: current ? "primary" : "ghost", size: "sm", className: "font-normal" })}
              >
                {t(choice)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
