import fs from "node:fs";
import { getTranslations } from "@/lib/i18n/server";
import { importPredictions } from "@/lib/server/evaluations/import-predictions";
import { log } from "@/lib/server/log";
import { guardedRoute } from "@/lib/server/route";
import { maxPredictionUpload, uploadRoot } from "@/lib/server/uploads/limits";
import { receiveMultipart } from "@/lib/server/uploads/multipart";
import { refusal } from "@/lib/server/uploads/refusal";
import { writeFailedMessage } from "@/lib/server/uploads/write-failed-message";

/**
 * Organizer upload: one prediction file for one dataset → all-or-nothing import, or every
 * located issue. Streamed to disk under its cap (never through proxy.ts) before it is read.
 */
export const POST = guardedRoute("evaluations:manage", async ({ db, user, request }) => {
  const t = await getTranslations("evaluation.upload.errors");
  const received = await receiveMultipart(request, { maxBytes: maxPredictionUpload(), root: uploadRoot(), maxFiles: 1 });
  if (!received.ok) {
    return refusal(received, {
      tooLarge: (limit) => t("tooLarge", { limit }),
      malformed: t("malformed"),
      failed: t("unexpected"),
      diskFull: t("diskFull"),
      writeFailed: await writeFailedMessage(received),
    });
  }
  try {
    const file = received.files.find((f) => f.field === "file" && f.bytes > 0);
    const datasetId = received.fields.get("datasetId") ?? "";
    if (!file) return Response.json({ error: t("noFile") }, { status: 400 });
    if (!datasetId) return Response.json({ error: t("noDataset") }, { status: 400 });
    const outcome = await importPredictions(db, user.id, {
      datasetId,
      name: received.fields.get("name")?.trim() || undefined,
      model: received.fields.get("model")?.trim() || undefined,
      fileName: file.name,
      // Within maxPredictionUpload (≤ 64 MiB): the prediction parser reads the file whole.
      bytes: new Uint8Array(await fs.promises.readFile(file.path)),
    });
    if (outcome.status === "no-dataset") return Response.json({ error: t("unknownDataset") }, { status: 404 });
    // No precomputed report: the results page computes it on request (engine 2, under a second).
    return Response.json(outcome, { status: outcome.status === "invalid" ? 422 : 200 });
  } catch (error) {
    // The upload's own words (its form shows them), not the generic ones.
    log().error({ err: error, scope: "prediction import" }, "import failed");
    return Response.json({ error: t("unexpected") }, { status: 500 });
  } finally {
    received.remove();
  }
});
