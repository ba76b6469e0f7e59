import { authorizeAdjudication } from "@/lib/server/adjudication/access";
import { correctedDownload, mayDownloadCorrected } from "@/lib/server/adjudication/corrected-export";
import { recordDownload } from "@/lib/server/access-log/log";
import { downloadResponse } from "@/lib/server/download";
import { routeAddress } from "@/lib/server/request-address";
import { AppError, forbiddenError, notFoundError } from "@/lib/server/errors";
import { guardedRoute } from "@/lib/server/route";

/**
 * Downloads of the corrected benchmark (organizers) and its change log (adjudicators too),
 * streamed from the export cache. A data file is sent only once the importer's validation
 * passed: otherwise 409 with the located problems.
 */
export const GET = guardedRoute<{ auditId: string; file: string }>(
  "signed-in",
  async ({ db, user, request, params: { auditId, file } }) => {
    const access = await authorizeAdjudication(db, user, auditId);
    // Checked before anything is built: the data files hold every record of the dataset.
    if (!mayDownloadCorrected(access, file)) throw forbiddenError("corrected data files are the organizer's");
    const download = await correctedDownload(db, auditId, file);
    if (download.status === "not-found") throw notFoundError();
    if (download.status === "invalid")
      throw new AppError("CONFLICT", { key: "adjudication.errors.correctedInvalid" }, undefined, {
        issues: download.issues,
        total: download.total,
      });
    recordDownload(db, { userId: user.id, address: routeAddress(request) }, "download.corrected", { auditId, detail: { file } });
    return downloadResponse(download.body, { fileName: `corrected-${file}`, type: download.type, size: download.size });
  },
);
