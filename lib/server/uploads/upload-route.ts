// The one way to write an upload route (app/api/datasets/import, app/api/evaluations/import): the
// guard, the body streamed to disk under its cap, the refusal of a body that could not be received,
// then the handler's answer — as JSON, or as NDJSON progress when the page asks (Accept:
// application/x-ndjson). Whatever the handler does (answers, refuses, throws), the upload's
// temporary files are removed once it is done, and a failure is logged and answered in one way.
import "server-only";
import { getTranslations } from "@/lib/i18n/server";
import type { Permission } from "../../auth/permissions";
import { log } from "../log";
import { guardedRoute, type RouteContext } from "../route";
import type { UploadEvent } from "./events";
import { uploadRoot } from "./limits";
import { receiveMultipart, type ReceivedUpload } from "./multipart";
import { type Answer, progressStream, wantsStream } from "./progress-stream";
import { refusal } from "./refusal";
import { writeFailedMessage } from "./write-failed-message";

/** The catalog namespaces of the uploads' own words: each has tooLarge, malformed, diskFull and unexpected. */
type UploadMessages = "datasets.upload.errors" | "evaluation.upload.errors";

export interface UploadOptions {
  /** The cap on the whole request body, in bytes, read at each request (the setting may change in tests). */
  maxBytes: () => number;
  /** Most file parts accepted. */
  maxFiles?: number;
  messages: UploadMessages;
  /** What the log says failed ("dataset import"). */
  scope: string;
  /** Runs before the body is read (the SQLite import thread loads its modules meanwhile). */
  beforeReceive?: (ctx: RouteContext<Record<string, never>>) => void;
}

export interface UploadContext extends RouteContext<Record<string, never>> {
  upload: ReceivedUpload;
  /** Progress for the page: present when it asked for the NDJSON stream. */
  send?: (event: UploadEvent) => void;
}

export type UploadHandler = (ctx: UploadContext) => Promise<Answer>;

export function uploadRoute(permission: Permission, options: UploadOptions, handler: UploadHandler) {
  return guardedRoute(permission, async (ctx) => {
    const t = await getTranslations(options.messages as "datasets.upload.errors");
    options.beforeReceive?.(ctx);
    const upload = await receiveMultipart(ctx.request, { maxBytes: options.maxBytes(), root: uploadRoot(), maxFiles: options.maxFiles });
    if (!upload.ok)
      return refusal(upload, {
        tooLarge: (limit) => t("tooLarge", { limit }),
        malformed: t("malformed"),
        failed: t("unexpected"),
        diskFull: t("diskFull"),
        writeFailed: await writeFailedMessage(upload),
      });
    const run = (send?: (event: UploadEvent) => void) => handler({ ...ctx, upload, ...(send ? { send } : {}) });
    if (wantsStream(ctx.request)) return progressStream(run, upload.remove, t("unexpected"));
    try {
      const answer = await run();
      return Response.json(answer.body, { status: answer.status });
    } catch (error) {
      log().error({ err: error, scope: options.scope }, "upload failed");
      return Response.json({ error: t("unexpected") }, { status: 500 });
    } finally {
      upload.remove();
    }
  });
}
