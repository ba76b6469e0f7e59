import { db } from "@/lib/db";
import { EvaluationInputError } from "@/lib/evaluation/errors";
import { guardRoute } from "@/lib/server/auth/route-guard";
import { evaluationOptionsFromParams } from "@/lib/server/evaluations/options";
import { renderEvaluationExport, EVALUATION_EXPORTS } from "@/lib/server/evaluations/exports";
import { evaluationFor } from "@/lib/server/evaluations/report";

/** Organizer downloads of an evaluation report (JSON, CSV, LaTeX) for the options in the query. */
export async function GET(request: Request, ctx: { params: Promise<{ setId: string; file: string }> }) {
  const user = await guardRoute("evaluations:manage");
  if (user instanceof Response) return user;
  const { setId, file } = await ctx.params;
  const entry = EVALUATION_EXPORTS.find((e) => e.file === file);
  if (!entry) return Response.json({ error: "Not found" }, { status: 404 });
  let computed;
  try {
    computed = await evaluationFor(db(), setId, evaluationOptionsFromParams(new URL(request.url).searchParams));
  } catch (error) {
    if (error instanceof EvaluationInputError) return Response.json({ error: error.message }, { status: 400 });
    throw error;
  }
  if (!computed) return Response.json({ error: "Not found" }, { status: 404 });
  return new Response(renderEvaluationExport(computed, file), {
    headers: {
      "Content-Type": entry.type,
      "Content-Disposition": `attachment; filename="evaluation-${setId.slice(0, 8)}-${file}"`,
      "Cache-Control": "no-store",
    },
  });
}
