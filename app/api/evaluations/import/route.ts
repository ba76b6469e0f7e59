import { after } from "next/server";
import { getTranslations } from "next-intl/server";
import { db } from "@/lib/db";
import { guardRoute } from "@/lib/server/auth/route-guard";
import { importPredictions } from "@/lib/server/evaluations/import-predictions";
import { evaluationFor } from "@/lib/server/evaluations/report";

/** Prediction files are short rows; this bounds what one upload can make the server parse. */
const MAX_BYTES = 64 * 1024 * 1024;

/** Organizer upload: one prediction file for one dataset → all-or-nothing import, or every located issue. */
export async function POST(request: Request) {
  const user = await guardRoute("evaluations:manage", request);
  if (user instanceof Response) return user;
  const t = await getTranslations("evaluation.upload.errors");
  const form = await request.formData();
  const file = form.get("file");
  const datasetId = String(form.get("datasetId") ?? "");
  if (!(file instanceof File) || file.size === 0) return Response.json({ error: t("noFile") }, { status: 400 });
  if (!datasetId) return Response.json({ error: t("noDataset") }, { status: 400 });
  if (file.size > MAX_BYTES) return Response.json({ error: t("tooLarge", { mb: MAX_BYTES / 1024 / 1024 }) }, { status: 413 });
  try {
    const outcome = await importPredictions(db(), user.id, {
      datasetId,
      name: String(form.get("name") ?? "").trim() || undefined,
      model: String(form.get("model") ?? "").trim() || undefined,
      // Only the base name is kept: an uploaded name is data, never a path.
      fileName: file.name.split(/[\\/]/).pop() || "predictions",
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    if (outcome.status === "no-dataset") return Response.json({ error: t("unknownDataset") }, { status: 404 });
    if (outcome.status === "imported") {
      const setId = outcome.setId;
      // Compute the default report now, so the results page opens on stored numbers.
      after(() => evaluationFor(db(), setId, {}).catch((error: unknown) => console.error("[evaluation precompute]", error)));
    }
    return Response.json(outcome, { status: outcome.status === "invalid" ? 422 : 200 });
  } catch (error) {
    console.error("[prediction import]", error);
    return Response.json({ error: t("unexpected") }, { status: 500 });
  }
}
