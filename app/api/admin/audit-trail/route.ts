import { Readable } from "node:stream";
import { db } from "@/lib/db";
import { guardRoute } from "@/lib/server/auth/route-guard";
import { trailCsv } from "@/lib/server/audit-trail-query";

/** The whole (filtered) trail as CSV, streamed in batches. */
export async function GET(request: Request) {
  const user = await guardRoute("audit-trail:read");
  if (user instanceof Response) return user;
  const url = new URL(request.url);
  const entity = url.searchParams.get("entity");
  const csv = trailCsv(db(), { search: url.searchParams.get("q") ?? undefined, filters: entity ? { entity } : {} });
  return new Response(Readable.toWeb(Readable.from(csv, { objectMode: false })) as ReadableStream<Uint8Array>, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="audit-trail.csv"', "Cache-Control": "no-store" },
  });
}
