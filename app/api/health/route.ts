import { db } from "@/lib/db";

/** Liveness and database reachability, for load balancers and the test harness. */
export async function GET() {
  try {
    await db().user.count();
    return Response.json({ status: "ok" });
  } catch {
    return Response.json({ status: "database unavailable" }, { status: 503 });
  }
}
