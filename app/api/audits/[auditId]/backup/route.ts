import { Readable } from "node:stream";
import zlib from "node:zlib";
import { exportAuditBackup, recordBackupEvent } from "@/lib/server/backup/export-audit";
import { recordDownload } from "@/lib/server/access-log/log";
import { downloadResponse } from "@/lib/server/download";
import { routeAddress } from "@/lib/server/request-address";
import { notFoundError } from "@/lib/server/errors";
import { guardedRoute } from "@/lib/server/route";

/** Admins: the audit's complete backup (docs/backup.md), gzip-compressed, streamed as it is read. */
export const GET = guardedRoute<{ auditId: string }>("backup:manage", async ({ db, user, request, params: { auditId } }) => {
  const backup = await exportAuditBackup(db, auditId, "clinaudit web");
  if (!backup) throw notFoundError();
  await recordBackupEvent(db, user.id, auditId, { via: "web" });
  recordDownload(db, { userId: user.id, address: routeAddress(request) }, "download.backup", {
    auditId,
    datasetId: backup.datasetId,
    detail: { patients: backup.patientCount },
  });
  const gzip = Readable.from(backup.lines).pipe(zlib.createGzip());
  const date = new Date().toISOString().slice(0, 10);
  return downloadResponse(Readable.toWeb(gzip) as ReadableStream<Uint8Array>, {
    fileName: `clinaudit-backup-${auditId}-${date}.jsonl.gz`,
    type: "application/gzip",
  });
});
