import { databaseReachable } from "@/lib/server/health";
import { openRoute } from "@/lib/server/route";

/** Liveness and database reachability, for load balancers and the test harness. */
export const GET = openRoute("health", async ({ db }) =>
  (await databaseReachable(db)) ? Response.json({ status: "ok" }) : Response.json({ status: "database unavailable" }, { status: 503 }),
);
