import { AGREEMENT_MAX_BYTES, analyseUploadedRatings } from "@/lib/server/agreement/analyse-upload";
import type { AgreementToolRefusal } from "@/lib/server/agreement/tool-result";
import { log } from "@/lib/server/log";
import { guardedRoute } from "@/lib/server/route";
import { uploadRoot } from "@/lib/server/uploads/limits";
import { receiveMultipart } from "@/lib/server/uploads/multipart";

const refused = (body: AgreementToolRefusal, status: number, close = false) =>
  Response.json(body, { status, headers: close ? { connection: "close" } : {} });

/**
 * The agreement tool (organizers and admins): one ratings file — long CSV, wide CSV (REDCap,
 * irrCAC, a package's ratings-wide-*.csv) or a Label Studio JSON export — streamed to disk under
 * AGREEMENT_MAX_BYTES, computed in a capped thread (lib/server/agreement/analyse-upload.ts) and
 * answered as the report with its notes and warnings, or a located refusal: codes and values, which
 * the page words in the reader's language. The file is removed once answered; nothing is stored.
 */
export const POST = guardedRoute("audits:manage", async ({ request }) => {
  const received = await receiveMultipart(request, { maxBytes: AGREEMENT_MAX_BYTES, root: uploadRoot(), maxFiles: 1 });
  if (!received.ok) {
    if (received.reason === "too-large") return refused({ refused: "tooLarge", limit: received.limit }, 413, true);
    if (received.reason === "malformed") return refused({ refused: "malformed" }, 400, true);
    throw received.error instanceof Error ? received.error : new Error(`agreement upload failed: ${received.reason}`);
  }
  try {
    const file = received.files.find((f) => f.field === "file");
    if (!file) return refused({ refused: "noFile" }, 400);
    const outcome = await analyseUploadedRatings(file.path, file.name);
    if (outcome.ok) return Response.json(outcome.result, { headers: { "Cache-Control": "no-store" } });
    const { ok: _ok, ...refusal } = outcome;
    if (refusal.refused !== "invalid")
      log().warn({ scope: "agreement tool", refused: refusal.refused, bytes: file.bytes }, "ratings file refused");
    return refused(refusal, refusal.refused === "invalid" || refusal.refused === "tooManyDimensions" ? 422 : 413);
  } finally {
    received.remove();
  }
});
