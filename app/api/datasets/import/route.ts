import { getTranslations } from "@/lib/i18n/server";
import type { ImportOutcome } from "@/lib/server/datasets/import-dataset";
import { runJob } from "@/lib/server/jobs";
import { warmUploadImport } from "@/lib/server/jobs/import-thread/client";
import { JobFailedError } from "@/lib/server/jobs/types";
import { datasetImportJob, type DatasetImportProgress } from "@/lib/server/jobs/handlers";
import { importProgress } from "@/lib/server/uploads/import-progress";
import { maxUpload, uploadRoot } from "@/lib/server/uploads/limits";
import { receiveMultipart } from "@/lib/server/uploads/multipart";
import { progressStream, wantsStream, type Answer } from "@/lib/server/uploads/progress-stream";
import { refusal } from "@/lib/server/uploads/refusal";
import { writeFailedMessage } from "@/lib/server/uploads/write-failed-message";
import type { UploadEvent } from "@/lib/server/uploads/events";
import { log } from "@/lib/server/log";
import { guardedRoute } from "@/lib/server/route";
import { datasetNameSchema } from "@/lib/formats/dataset-name";

/**
 * Organizer upload: multipart files streamed to disk (never through proxy.ts, whose matcher
 * leaves this route out) → all-or-nothing import → counts, or every located issue. With
 * `Accept: application/x-ndjson` the answer streams the import's progress first. The import
 * runs as a job (lib/server/jobs): on PostgreSQL in a worker process, which reads the files from
 * the upload folder; on SQLite in this process, one at a time.
 */
export const POST = guardedRoute("datasets:manage", async ({ db, user, request }) => {
  const t = await getTranslations("datasets.upload.errors");
  // SQLite: the import's thread loads its modules while the files are received.
  warmUploadImport(db);
  const received = await receiveMultipart(request, { maxBytes: maxUpload(), root: uploadRoot() });
  if (!received.ok)
    return refusal(received, {
      tooLarge: (limit) => t("tooLarge", { limit }),
      malformed: t("malformed"),
      failed: t("unexpected"),
      diskFull: t("diskFull"),
      writeFailed: await writeFailedMessage(received),
    });
  // An empty file is given to the import too, whose report lists it as not read ("empty"):
  // nothing given is dropped without a word. (A file input left blank sends no file at all.)
  const files = received.files.filter((f) => f.field === "files");
  if (files.length === 0) {
    received.remove();
    return Response.json({ error: t("noFiles") }, { status: 400 });
  }
  // The name reaches every page, export and the appendix paragraph: asked for, never a file's.
  const named = datasetNameSchema.safeParse(received.fields.get("name") ?? "");
  if (!named.success) {
    received.remove();
    const key = named.error.issues[0]?.message === "datasets.upload.errors.nameRequired" ? "nameRequired" : "badName";
    return Response.json({ error: t(key), field: "name" }, { status: 400 });
  }
  const name = named.data;
  const strict = ["on", "true", "1"].includes(received.fields.get("strict") ?? "");
  // The one layout a user can choose (FHIR files may have any name); the others are detected.
  const format = received.fields.get("format") === "fhir-r4" ? ("fhir-r4" as const) : undefined;

  const run = async (send?: (event: UploadEvent) => void): Promise<Answer> => {
    const onProgress = send && importProgress(files, send);
    try {
      const outcome: ImportOutcome = await runJob(
        db,
        datasetImportJob,
        { actorId: user.id, files: files.map((f) => ({ path: f.path, name: f.name })), name, strict, ...(format ? { format } : {}) },
        send && {
          onState: (state) => send({ type: "progress", phase: state === "queued" ? "queued" : "checksum" }),
          onProgress: (event) => onProgress!(event as DatasetImportProgress),
          onRetry: ({ workerStopped, attempt, attempts }) =>
            send({ type: "notice", code: workerStopped ? "workerStopped" : "retrying", attempt, attempts }),
        },
      );
      return { status: outcome.status === "invalid" ? 422 : 200, body: outcome };
    } catch (error) {
      // PostgreSQL: every run's worker died (killed, out of memory): say so, naming the files.
      if (!(error instanceof JobFailedError && error.stopped)) throw error;
      log().error({ err: error, scope: "dataset import" }, "import worker stopped on every attempt");
      const names = files.map((f) => f.name).join(", ");
      return {
        status: 503,
        body: { error: t("workerStopped", { attempts: error.stopped.attempts, files: names }), code: "WORKER_STOPPED" },
      };
    }
  };
  if (wantsStream(request)) return progressStream(run, received.remove, t("unexpected"));
  try {
    const answer = await run();
    return Response.json(answer.body, { status: answer.status });
  } catch (error) {
    log().error({ err: error, scope: "dataset import" }, "import failed");
    return Response.json({ error: t("unexpected") }, { status: 500 });
  } finally {
    received.remove();
  }
});
