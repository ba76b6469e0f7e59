// Which part of the dashboard a page shows. The dashboard was one page with every figure of every
// dimension: ~2,500 elements and 430 KB at full review, rendered again on every load. It is now in
// parts chosen by one search parameter (`view`), each a plain link: the numbers for the paper
// (the default), agreement over time, the raters, the subgroups and the items, or all of them at
// once (to print).
// Counts, downloads and the paragraph are not affected.

export const DASHBOARD_PARTS = ["summary", "over-time", "raters", "subgroups", "items"] as const;
export type DashboardPart = (typeof DASHBOARD_PARTS)[number];
export type DashboardView = DashboardPart | "all";

/**
 * The view asked for, when it is "all" or one of the parts the page offers (`offered`: a part with
 * nothing in it is not); anything else (absent, unknown, repeated, not offered) is the summary.
 */
export function dashboardView(param: string | string[] | undefined, offered: readonly DashboardPart[]): DashboardView {
  const asked = Array.isArray(param) ? param[0] : param;
  return asked === "all" || (offered as readonly string[]).includes(asked ?? "") ? (asked as DashboardView) : "summary";
}

/** Whether the view shows the part. */
export function shows(view: DashboardView, part: DashboardPart): boolean {
  return view === "all" || view === part;
}

/** The view's search value: the summary is the page without one (one canonical address per view). */
export function viewParam(view: DashboardView): string | null {
  return view === "summary" ? null : view;
}
