"use server";
import { z } from "zod";
import { guardedAction } from "@/lib/server/action";
import { authorizeResults } from "@/lib/server/reports/dashboard-access";
import { reportState } from "@/lib/server/reports/kept-report";

/**
 * The live dashboard's poll: the fingerprint of its figures and whether the report at it is ready
 * (its computation starts here if it is not). Only an open audit's dashboard is live, and only
 * organizers and admins may see an open audit's figures.
 */
export const dashboardVersionAction = guardedAction("audits:manage", z.strictObject({ auditId: z.string().min(1).max(100) }), {
  authorize: ({ auditId }, { db, user }) => authorizeResults(db, user, auditId),
  handler: ({ auditId }, { db }) => reportState(db, auditId),
});
