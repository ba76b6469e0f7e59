import type { ReactNode } from "react";
import { Card } from "../ui/card";

/**
 * The frame every dashboard chart shares: a figure whose caption holds the heading and a summary
 * the drawing points to (aria-describedby), the SVG as one labelled image (only when there is
 * something to draw), and the same numbers for screen readers in `srOnly` (a table).
 */
export function ChartFigure({
  prefix,
  heading,
  summary,
  size: [width, height],
  drawn,
  children,
  after,
  srOnly,
  testId,
}: {
  /** useChartId(): ids are document-global. */
  prefix: string;
  heading: string;
  summary: string;
  /** The SVG's viewBox width and height. */
  size: [number, number];
  drawn: boolean;
  /** The SVG's content. */
  children: ReactNode;
  /** Shown under the drawing (a legend). */
  after?: ReactNode;
  srOnly: ReactNode;
  testId?: string;
}) {
  return (
    <Card as="figure" data-testid={testId}>
      <figcaption>
        <h3 id={`${prefix}-title`} className="text-sm font-semibold text-slate-900">
          {heading}
        </h3>
        <p id={`${prefix}-desc`} className="text-xs text-slate-600">
          {summary}
        </p>
      </figcaption>
      {drawn && (
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className="mt-3 h-auto w-full"
          role="img"
          aria-label={heading}
          aria-describedby={`${prefix}-desc`}
        >
          {children}
        </svg>
      )}
      {after}
      {/* sr-only on a wrapper: a table grows to its content past the 1 px box and widened the page. */}
      <div className="sr-only">{srOnly}</div>
    </Card>
  );
}
