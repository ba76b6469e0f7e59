"use server";
import { auditOnlySchema } from "@/lib/schemas/audits";
import { guardedAction } from "@/lib/server/action";
import { authorizeResults } from "@/lib/server/reports/dashboard-access";
import { reportState } from "@/lib/server/reports/kept-report";

/**
 * The live dashboard's poll: the fingerprint of its figures and whether the report at it is ready
 * (its computation starts here if it is not). Only an open audit's dashboard is live, and only
 * organizers and admins may see an open audit's figures.
 */
export const dashboardVersionAction = guardedAction("audits:manage", auditOnlySchema, {
  authorize: ({ auditId }, { db, user }) => authorizeResults(db, user, auditId),
  handler: ({ auditId }, { db }) => reportState(db, auditId),
});
