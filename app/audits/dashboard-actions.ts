"use server";
import { z } from "zod";
import { db } from "@/lib/db";
import { guardedAction } from "@/lib/server/action";
import { AppError } from "@/lib/server/errors";
import { canSeeResults } from "@/lib/server/reports/dashboard-access";
import { dashboardVersion } from "@/lib/server/reports/dashboard-version";

/**
 * The live dashboard's poll: the fingerprint of its figures. Only an open audit's dashboard is
 * live, and only organizers and admins may see an open audit's figures.
 */
export const dashboardVersionAction = guardedAction("audits:manage", z.strictObject({ auditId: z.string().min(1).max(100) }), async ({ auditId }, user) => {
  const access = await canSeeResults(db(), user, auditId);
  if (access !== "yes") throw new AppError("NOT_FOUND", { key: "common.notFound.body" });
  return { version: await dashboardVersion(db(), auditId) };
});
