import "server-only";
import { forbidden, unstable_rethrow } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { can, type Permission } from "../auth/permissions";
import { getCurrentUser, getSessionAccount, mustChangePassword, type CurrentUser } from "./auth/current-user";
import { AppError } from "./errors";
import { log } from "./log";

export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: string; fieldErrors?: Record<string, string>; signedOut?: true; passwordMustChange?: true };

/**
 * The one way to write a server action: check the permission on the server, validate the
 * input with the same schema the form uses, map expected errors to their user message and
 * log the rest behind a calm generic one.
 */
export function guardedAction<S extends z.ZodType, T>(
  /**
   * "signed-in": any active user, for what everyone does to their own account.
   * "temporary-password": only an account that must replace its temporary password (the one
   * thing such an account may do; every other action refuses it).
   */
  permission: Permission | "signed-in" | "temporary-password",
  schema: S,
  handler: (input: z.output<S>, user: CurrentUser) => Promise<T>,
) {
  return async (input: z.input<S>): Promise<ActionResult<T>> => {
    // Signed out (the session ended, or a reset or deactivation ended it): said as a result the
    // page can act on — a redirect thrown here reaches a fetch-style caller as a broken response.
    const forcedChange = permission === "temporary-password";
    const account = forcedChange ? await getSessionAccount() : null;
    const user = forcedChange ? (account?.passwordMustChange ? account : null) : await getCurrentUser();
    const t = await getTranslations();
    if (!user) {
      if (!forcedChange && (await mustChangePassword())) return { ok: false, error: t("common.errors.passwordMustChange"), passwordMustChange: true };
      return { ok: false, error: t("common.errors.signedOut"), signedOut: true };
    }
    if (permission !== "signed-in" && !forcedChange && !can(user.role, permission)) forbidden();
    return run(schema, input, (data) => handler(data, user), `[action ${permission}] user=${user.id}`);
  };
}

/**
 * A server action open to anyone, for the few things done before there is an account (accepting
 * an invitation). Same validation and error mapping as guardedAction; the handler throttles.
 */
export function publicAction<S extends z.ZodType, T>(name: string, schema: S, handler: (input: z.output<S>) => Promise<T>) {
  return async (input: z.input<S>): Promise<ActionResult<T>> => run(schema, input, handler, `[action ${name}] public`);
}

async function run<S extends z.ZodType, T>(schema: S, input: z.input<S>, handler: (input: z.output<S>) => Promise<T>, context: string): Promise<ActionResult<T>> {
  const t = await getTranslations();
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".")] ??= issue.message;
    return { ok: false, error: t("common.errors.fixFields"), fieldErrors };
  }
  try {
    return { ok: true, data: await handler(parsed.data) };
  } catch (error) {
    unstable_rethrow(error);
    if (error instanceof AppError) return { ok: false, error: error.catalog ? t(error.catalog.key as never, error.catalog.values as never) : error.userMessage };
    log().error({ err: error, scope: "action", context }, "server action failed");
    return { ok: false, error: t("common.errors.generic") };
  }
}
