import { db } from "@/lib/db";
import { csvRow } from "@/lib/reports";
import { guardRoute } from "@/lib/server/auth/route-guard";
import { trailBatches } from "@/lib/server/audit-trail-query";

/** The whole (filtered) trail as CSV, streamed in batches. */
export async function GET(request: Request) {
  const user = await guardRoute("audit-trail:read");
  if (user instanceof Response) return user;
  const url = new URL(request.url);
  const entity = url.searchParams.get("entity");
  const filters: Record<string, string> = entity ? { entity } : {};
  const search = url.searchParams.get("q") ?? undefined;
  const encoder = new TextEncoder();
  const stream = new ReadableStream({
    async start(controller) {
      controller.enqueue(encoder.encode(csvRow(["at", "actor", "action", "entity", "entity_id", "before", "after"]) + "\n"));
      for await (const batch of trailBatches(db(), { search, filters })) {
        const lines = batch.map((e) => csvRow([e.at.toISOString(), e.actor?.email ?? "system", e.action, e.entity, e.entityId, e.before === null ? "" : JSON.stringify(e.before), e.after === null ? "" : JSON.stringify(e.after)]));
        controller.enqueue(encoder.encode(lines.join("\n") + "\n"));
      }
      controller.close();
    },
  });
  return new Response(stream, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="audit-trail.csv"', "Cache-Control": "no-store" } });
}
