import { getTranslations } from "@/lib/i18n/server";
import type { ImportOutcome } from "@/lib/server/datasets/import-dataset";
import { runJob } from "@/lib/server/jobs";
import { datasetImportJob, type DatasetImportProgress } from "@/lib/server/jobs/handlers";
import { warmUploadImport } from "@/lib/server/jobs/import-thread/client";
import { JobFailedError } from "@/lib/server/jobs/types";
import { importProgress } from "@/lib/server/uploads/import-progress";
import { maxUpload } from "@/lib/server/uploads/limits";
import { uploadRoute } from "@/lib/server/uploads/upload-route";
import { log } from "@/lib/server/log";
import { datasetNameSchema } from "@/lib/formats/dataset-name";

/**
 * Organizer upload: multipart files streamed to disk (never through proxy.ts, whose matcher
 * leaves this route out) → all-or-nothing import → counts, or every located issue. With
 * `Accept: application/x-ndjson` the answer streams the import's progress first. The import
 * runs as a job (lib/server/jobs): on PostgreSQL in a worker process, which reads the files from
 * the upload folder; on SQLite in this process, one at a time.
 */
export const POST = uploadRoute(
  "datasets:manage",
  // SQLite: the import's thread loads its modules while the files are received.
  { maxBytes: maxUpload, messages: "datasets.upload.errors", scope: "dataset import", beforeReceive: ({ db }) => warmUploadImport(db) },
  async ({ db, user, upload, send }) => {
    const t = await getTranslations("datasets.upload.errors");
    // An empty file is given to the import too, whose report lists it as not read ("empty"):
    // nothing given is dropped without a word. (A file input left blank sends no file at all.)
    const files = upload.files.filter((f) => f.field === "files");
    if (files.length === 0) return { status: 400, body: { error: t("noFiles") } };
    // The name reaches every page, export and the appendix paragraph: asked for, never a file's.
    const named = datasetNameSchema.safeParse(upload.fields.get("name") ?? "");
    if (!named.success) {
      const key = named.error.issues[0]?.message === "datasets.upload.errors.nameRequired" ? "nameRequired" : "badName";
      return { status: 400, body: { error: t(key), field: "name" } };
    }
    const strict = ["on", "true", "1"].includes(upload.fields.get("strict") ?? "");
    // The one layout a user can choose (FHIR files may have any name); the others are detected.
    const format = upload.fields.get("format") === "fhir-r4" ? ("fhir-r4" as const) : undefined;
    const onProgress = send && importProgress(files, send);
    try {
      const outcome: ImportOutcome = await runJob(
        db,
        datasetImportJob,
        {
          actorId: user.id,
          files: files.map((f) => ({ path: f.path, name: f.name })),
          name: named.data,
          strict,
          ...(format ? { format } : {}),
        },
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
  },
);
