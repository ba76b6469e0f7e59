import "server-only";
import { unstable_rethrow } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import type { Permission } from "../auth/permissions";
import { requirePermission, requireUser, type CurrentUser } from "./auth/current-user";
import { AppError } from "./errors";

export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

/**
 * The one way to write a server action: check the permission on the server, validate the
 * input with the same schema the form uses, map expected errors to their user message and
 * log the rest behind a calm generic one.
 */
export function guardedAction<S extends z.ZodType, T>(
  /** "signed-in": any active user, for what everyone does to their own account. */
  permission: Permission | "signed-in",
  schema: S,
  handler: (input: z.output<S>, user: CurrentUser) => Promise<T>,
) {
  return async (input: z.input<S>): Promise<ActionResult<T>> => {
    const user = permission === "signed-in" ? await requireUser() : await requirePermission(permission);
    const t = await getTranslations();
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".")] ??= issue.message;
      return { ok: false, error: t("common.errors.fixFields"), fieldErrors };
    }
    try {
      return { ok: true, data: await handler(parsed.data, user) };
    } catch (error) {
      unstable_rethrow(error);
      if (error instanceof AppError) return { ok: false, error: error.catalog ? t(error.catalog.key as never, error.catalog.values as never) : error.userMessage };
      console.error(`[action ${permission}] user=${user.id}`, error);
      return { ok: false, error: t("common.errors.generic") };
    }
  };
}
