import fs from "node:fs";
import { getTranslations } from "@/lib/i18n/server";
import { importPredictions } from "@/lib/server/evaluations/import-predictions";
import { maxPredictionUpload } from "@/lib/server/uploads/limits";
import { uploadRoute } from "@/lib/server/uploads/upload-route";

/**
 * Organizer upload: one prediction file for one dataset → all-or-nothing import, or every
 * located issue. Streamed to disk under its cap (never through proxy.ts) before it is read.
 */
export const POST = uploadRoute(
  "evaluations:manage",
  { maxBytes: maxPredictionUpload, maxFiles: 1, messages: "evaluation.upload.errors", scope: "prediction import" },
  async ({ db, user, upload }) => {
    const t = await getTranslations("evaluation.upload.errors");
    const file = upload.files.find((f) => f.field === "file" && f.bytes > 0);
    const datasetId = upload.fields.get("datasetId") ?? "";
    if (!file) return { status: 400, body: { error: t("noFile") } };
    if (!datasetId) return { status: 400, body: { error: t("noDataset") } };
    const outcome = await importPredictions(db, user.id, {
      datasetId,
      name: upload.fields.get("name")?.trim() || undefined,
      model: upload.fields.get("model")?.trim() || undefined,
      fileName: file.name,
      // Within maxPredictionUpload (≤ 64 MiB): the prediction parser reads the file whole.
      bytes: new Uint8Array(await fs.promises.readFile(file.path)),
    });
    if (outcome.status === "no-dataset") return { status: 404, body: { error: t("unknownDataset") } };
    // No precomputed report: the results page computes it on request (engine 2, under a second).
    return { status: outcome.status === "invalid" ? 422 : 200, body: outcome };
  },
);
