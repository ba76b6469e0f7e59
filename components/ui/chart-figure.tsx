import { type ReactNode, useId } from "react";
import { Card } from "./card";
import { cn } from "./cn";

/** A prefix for a chart's ids (pattern fills, the caption): ids are document-global. */
export function useChartId(): string {
  return `c${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
}

/**
 * The frame every chart shares: a figure whose caption holds the heading and a summary the
 * drawing points to (aria-describedby), the SVG as one labelled image (only when there is
 * something to draw), and the same numbers for screen readers: `table` (its head and body; the
 * heading is its caption) and `srNote`. A chart whose numbers are in a visible table nearby has none.
 */
export function ChartFigure({
  prefix,
  heading,
  summary,
  size: [width, height],
  drawn = true,
  children,
  after,
  table,
  srNote,
  svgClassName,
  testId,
}: {
  /** useChartId(), when the drawing refers to ids of its own (pattern fills). */
  prefix?: string;
  heading: string;
  summary: string;
  /** The SVG's viewBox width and height. */
  size: [number, number];
  drawn?: boolean;
  /** The SVG's content. */
  children: ReactNode;
  /** Shown under the drawing (a legend). */
  after?: ReactNode;
  table?: ReactNode;
  srNote?: ReactNode;
  svgClassName?: string;
  testId?: string;
}) {
  const own = useChartId();
  const desc = `${prefix ?? own}-desc`;
  return (
    <Card as="figure" data-testid={testId}>
      <figcaption>
        <h3 className="text-sm font-semibold text-slate-900">{heading}</h3>
        <p id={desc} className="text-xs text-slate-600">
          {summary}
        </p>
      </figcaption>
      {drawn && (
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className={cn("mt-3 h-auto w-full", svgClassName)}
          role="img"
          aria-label={heading}
          aria-describedby={desc}
        >
          {children}
        </svg>
      )}
      {after}
      {(table || srNote) && (
        // sr-only on a wrapper: a table grows to its content past the 1 px box and widened the page.
        <div className="sr-only">
          {table && (
            <table>
              <caption>{heading}</caption>
              {table}
            </table>
          )}
          {srNote}
        </div>
      )}
    </Card>
  );
}
