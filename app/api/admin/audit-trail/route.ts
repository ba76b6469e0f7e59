import { Readable } from "node:stream";
import { trailCsv } from "@/lib/server/audit-trail-query";
import { downloadResponse } from "@/lib/server/download";
import { guardedRoute } from "@/lib/server/route";

/** The whole (filtered) trail as CSV, streamed in batches. */
export const GET = guardedRoute("audit-trail:read", async ({ db, request }) => {
  const url = new URL(request.url);
  const entity = url.searchParams.get("entity");
  const csv = trailCsv(db, { search: url.searchParams.get("q") ?? undefined, filters: entity ? { entity } : {} });
  return downloadResponse(Readable.toWeb(Readable.from(csv, { objectMode: false })) as ReadableStream<Uint8Array>, {
    fileName: "audit-trail.csv",
    type: "text/csv",
  });
});
