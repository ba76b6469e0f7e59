import { downloadResponse } from "@/lib/server/download";
import { notFoundError } from "@/lib/server/errors";
import { renderEvaluationExport, EVALUATION_EXPORTS } from "@/lib/server/evaluations/exports";
import { evaluationOptionsFromParams } from "@/lib/server/evaluations/options";
import { evaluationForRequest } from "@/lib/server/evaluations/report";
import { guardedRoute } from "@/lib/server/route";

/** Organizer downloads of an evaluation report (JSON, CSV, LaTeX) for the options in the query. */
export const GET = guardedRoute<{ setId: string; file: string }>("evaluations:manage", async ({ db, request, params: { setId, file } }) => {
  const entry = EVALUATION_EXPORTS.find((e) => e.file === file);
  if (!entry) throw notFoundError();
  const computed = await evaluationForRequest(db, setId, evaluationOptionsFromParams(new URL(request.url).searchParams));
  if (!computed) throw notFoundError();
  return downloadResponse(renderEvaluationExport(computed, file), {
    fileName: `evaluation-${setId.slice(0, 8)}-${file}`,
    type: entry.type,
  });
});
