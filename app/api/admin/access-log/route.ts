import { Readable } from "node:stream";
import { parseAccessFilters } from "@/lib/access-log/events";
import { accessCsv } from "@/lib/server/access-log/query";
import { downloadResponse } from "@/lib/server/download";
import { guardedRoute } from "@/lib/server/route";

/** The (filtered) access log as CSV, oldest first, streamed in batches: admins only. */
export const GET = guardedRoute("access-log:read", async ({ db, request }) => {
  const url = new URL(request.url);
  const csv = accessCsv(
    db,
    parseAccessFilters((key) => url.searchParams.get(key) ?? undefined),
  );
  return downloadResponse(Readable.toWeb(Readable.from(csv, { objectMode: false })) as ReadableStream<Uint8Array>, {
    fileName: "access-log.csv",
    type: "text/csv",
  });
});
