// The summary after "Assign", or the question before an uneven plan: ranges read "3 raters per
// item" when every item has as many (never "3–3"), counts in the locale's digits.

interface Shape {
  minRatersPerItem: number;
  maxRatersPerItem: number;
  minLoad: number;
  maxLoad: number;
}

export type AssignOutcome =
  | { status: "assigned"; created: number; reinstated: number; design: Shape }
  | { status: "confirm"; design: Shape; current: Shape };

type Translate = (key: "done" | "confirmUnbalance", values: Record<string, string | number>) => string;

function shapeValues(d: Shape, locale: string) {
  const n = new Intl.NumberFormat(locale);
  const span = (min: number, max: number) => (min === max ? n.format(min) : `${n.format(min)}–${n.format(max)}`);
  return {
    raters: span(d.minRatersPerItem, d.maxRatersPerItem),
    ratersMax: d.maxRatersPerItem,
    items: span(d.minLoad, d.maxLoad),
    itemsMax: d.maxLoad,
  };
}

export function assignedMessage(t: Translate, locale: string, o: AssignOutcome): string {
  if (o.status === "assigned") return t("done", { created: o.created, reinstated: o.reinstated, ...shapeValues(o.design, locale) });
  const now = shapeValues(o.current, locale);
  return t("confirmUnbalance", { ...shapeValues(o.design, locale), nowRaters: now.raters, nowItems: now.items });
}
