import { Readable } from "node:stream";
import zlib from "node:zlib";
import { db } from "@/lib/db";
import { guardRoute } from "@/lib/server/auth/route-guard";
import { exportAuditBackup, recordBackupEvent } from "@/lib/server/backup/export-audit";

/** Admins: the audit's complete backup (docs/backup.md), gzip-compressed, streamed as it is read. */
export async function GET(_request: Request, ctx: { params: Promise<{ auditId: string }> }) {
  const user = await guardRoute("backup:manage");
  if (user instanceof Response) return user;
  const { auditId } = await ctx.params;
  const backup = await exportAuditBackup(db(), auditId, "clinaudit web");
  if (!backup) return Response.json({ error: "Not found" }, { status: 404 });
  await recordBackupEvent(db(), user.id, auditId, { via: "web" });
  const gzip = Readable.from(backup.lines).pipe(zlib.createGzip());
  const date = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(gzip) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="clinaudit-backup-${auditId}-${date}.jsonl.gz"`,
      "Cache-Control": "no-store",
    },
  });
}
