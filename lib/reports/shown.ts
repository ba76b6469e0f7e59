import type { AuditReport, ShownReport } from "./types";

/** The report with each item summary cut to what the dashboard reads (ShownItem); the rest as is. */
export function shownReport(report: AuditReport): ShownReport {
  return {
    ...report,
    dimensions: report.dimensions.map((d) => ({
      ...d,
      items: d.items.map((i) => ({ itemId: i.itemId, majority: i.majority })),
      latentClass: d.latentClass && withoutItems(d.latentClass),
    })),
  };
}

function withoutItems<T extends { items: unknown }>({ items: _, ...rest }: T): Omit<T, "items"> {
  return rest;
}
