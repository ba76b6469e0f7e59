import { getTranslations } from "next-intl/server";
import { db } from "@/lib/db";
import { guardRoute } from "@/lib/server/auth/route-guard";
import { importDataset, type ImportOutcome } from "@/lib/server/datasets/import-dataset";
import { openFile } from "@/lib/server/datasets/open-file";
import { importProgress } from "@/lib/server/uploads/import-progress";
import { maxUpload, uploadRoot } from "@/lib/server/uploads/limits";
import { receiveMultipart } from "@/lib/server/uploads/multipart";
import { oneAtATime } from "@/lib/server/uploads/one-at-a-time";
import { progressStream, wantsStream, type Answer } from "@/lib/server/uploads/progress-stream";
import { refusal } from "@/lib/server/uploads/refusal";
import type { UploadEvent } from "@/lib/server/uploads/events";

/**
 * Organizer upload: multipart files streamed to disk (never through proxy.ts, whose matcher
 * leaves this route out) → all-or-nothing import → counts, or every located issue. With
 * `Accept: application/x-ndjson` the answer streams the import's progress first.
 */
export async function POST(request: Request) {
  const user = await guardRoute("datasets:manage", request);
  if (user instanceof Response) return user;
  const t = await getTranslations("datasets.upload.errors");
  const received = await receiveMultipart(request, { maxBytes: maxUpload(), root: uploadRoot() });
  if (!received.ok) return refusal(received, { tooLarge: (limit) => t("tooLarge", { limit }), malformed: t("malformed"), failed: t("unexpected") });
  const files = received.files.filter((f) => f.field === "files" && f.bytes > 0);
  if (files.length === 0) {
    received.remove();
    return Response.json({ error: t("noFiles") }, { status: 400 });
  }
  const name = received.fields.get("name")?.trim() || undefined;
  const strict = ["on", "true", "1"].includes(received.fields.get("strict") ?? "");
  // The one layout a user can choose (FHIR files may have any name); the others are detected.
  const format = received.fields.get("format") === "fhir-r4" ? ("fhir-r4" as const) : undefined;

  const run = async (send?: (event: UploadEvent) => void): Promise<Answer> => {
    const outcome: ImportOutcome = await oneAtATime(
      () => {
        send?.({ type: "progress", phase: "checksum" });
        const onProgress = send && importProgress(files, send);
        return importDataset(db(), user.id, files.map((f) => openFile(f.path, f.name)), { name, strict, onProgress, ...(format ? { format } : {}) });
      },
      () => send?.({ type: "progress", phase: "queued" }),
    );
    return { status: outcome.status === "invalid" ? 422 : 200, body: outcome };
  };
  if (wantsStream(request)) return progressStream(run, received.remove, t("unexpected"));
  try {
    const answer = await run();
    return Response.json(answer.body, { status: answer.status });
  } catch (error) {
    console.error("[dataset import]", error);
    return Response.json({ error: t("unexpected") }, { status: 500 });
  } finally {
    received.remove();
  }
}
