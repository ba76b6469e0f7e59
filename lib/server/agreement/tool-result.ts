// What the web's agreement tool answers for an uploaded ratings file: client-safe types, and the
// trimming of the engine's report to what the page shows (lib/agreement/files/analyse.ts computes it).
import type { RatingsAnalysis } from "../../agreement/files/analyse";
import type { Layout } from "../../agreement/files/input";
import type { RatingsErrorCode, RatingsMessage, RatingsValues } from "../../agreement/files/messages";
import type { DimensionReport } from "../../agreement/report";
import { divergenceExplanation } from "../../reports/divergence";

export interface ToolDimension {
  /**
   * The engine's report of the dimension, as `clinaudit agreement --json` prints it, without the
   * lists that grow with the file (each item's majority, each rater's ids and counts, every pair of
   * raters): they are not sent, so an answer's size is bounded by its dimensions.
   */
  agreement: DimensionReport;
  /** Why AC1 and the kappa-type coefficients differ markedly (the dashboard's note), or null. */
  divergence: string | null;
}

export interface AgreementToolResult {
  layout: Layout;
  notes: RatingsMessage[];
  warnings: RatingsMessage[];
  dimensions: ToolDimension[];
}

/** A file the readers refused, located: a line (CSV) or a JSON path (Label Studio), and the field. */
export interface LocatedRatingsError {
  line: number | string;
  field: string | null;
  code: RatingsErrorCode;
  values: RatingsValues;
}

/** Why an upload has no report; `invalid` carries the located error. */
export type AgreementToolRefusal =
  | { refused: "invalid"; error: LocatedRatingsError }
  | { refused: "tooLarge"; limit: number }
  | { refused: "tooSlow"; seconds: number }
  | { refused: "tooMuchMemory" }
  | { refused: "tooManyDimensions"; count: number; limit: number }
  | { refused: "noFile" }
  | { refused: "malformed" };

/** More dimensions than a page can show (a column read as the dimension by mistake?) are refused. */
export const MAX_TOOL_DIMENSIONS = 50;

export function toolResult(analysis: RatingsAnalysis): AgreementToolResult | AgreementToolRefusal {
  const count = analysis.report.dimensions.length;
  if (count > MAX_TOOL_DIMENSIONS) return { refused: "tooManyDimensions", count, limit: MAX_TOOL_DIMENSIONS };
  return {
    layout: analysis.layout,
    notes: analysis.notes,
    warnings: analysis.warnings,
    dimensions: analysis.report.dimensions.map((d) => ({
      agreement: {
        ...d,
        majority: { ...d.majority, perItem: [] },
        raters: { ...d.raters, ids: [] },
        ratings: { ...d.ratings, perRater: [] },
        pairwiseCohenKappa: [],
      },
      divergence: divergenceExplanation(d),
    })),
  };
}
