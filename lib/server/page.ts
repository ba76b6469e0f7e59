import "server-only";
import { forbidden, notFound } from "next/navigation";
import type { Permission } from "../auth/permissions";
import { db } from "../db";
import type { Db } from "../db/client";
import { getCurrentUser, requirePermission, requireUser, type CurrentUser } from "./auth/current-user";
import { AppError } from "./errors";

/**
 * What a page or layout loads with: the signed-in user (a redirect to sign-in, or to the forced
 * password change, otherwise; 403 without the permission) and the database, which it hands to
 * lib/server loaders. The same context guardedAction and guardedRoute hand their handlers: app/
 * never imports the database client itself (biome.jsonc).
 */
export async function pageContext(permission?: Permission): Promise<{ user: CurrentUser; db: Db }> {
  const user = permission ? await requirePermission(permission) : await requireUser();
  return { user, db: db() };
}

/** For the pages open to everyone (sign-in, an invitation link, the language switch): the user if any. */
export async function openContext(): Promise<{ user: CurrentUser | null; db: Db }> {
  return { user: await getCurrentUser(), db: db() };
}

/**
 * A page's scope check (authorizeAdjudication, authorizeResults…): its grant, or the not-found or
 * forbidden page for the AppError it throws — the same failures an action or a route answers.
 */
export async function orRefusal<T>(check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    if (error instanceof AppError && error.code === "FORBIDDEN") forbidden();
    throw error;
  }
}
