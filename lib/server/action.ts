import "server-only";
import { forbidden, unstable_rethrow } from "next/navigation";
import { getTranslations } from "@/lib/i18n/server";
import type { z } from "zod";
import { can, type Permission } from "../auth/permissions";
import { db } from "../db";
import type { Db } from "../db/client";
import { fieldErrorsOf } from "../schemas/issues";
import { getCurrentUser, getSessionAccount, mustChangePassword, type CurrentUser } from "./auth/current-user";
import { isDatabaseBusy } from "../db/transient";
import { AppError, type ErrorCode } from "./errors";
import { log } from "./log";

/**
 * What every server action answers. A failure's `error` is in the reader's language; `code` says
 * which kind it is; `conflict` carries the value another tab saved first (the save queue shows it).
 */
export type ActionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      error: string;
      code?: ErrorCode;
      fieldErrors?: Record<string, string>;
      conflict?: { current: T };
      signedOut?: true;
      passwordMustChange?: true;
    };

/**
 * What the guard hands a handler: the caller and the database. app/ never imports the database
 * client (biome.jsonc); it reaches it only through this context, a route's (lib/server/route.ts)
 * or a page's (lib/server/page.ts), and passes it to lib/server functions, which take it as
 * their first argument so tests can hand them their own.
 */
export interface ActionContext {
  user: CurrentUser;
  db: Db;
}

export type Handler<I, T, A> = (input: I, ctx: ActionContext & { scope: A }) => Promise<T>;

/**
 * A handler alone, or with `authorize`: the scope check that needs the input ("this assignment
 * is the user's", "this user adjudicates this audit"). It runs after validation and before the
 * handler, throws an AppError (notFoundError / forbiddenError) to refuse, and what it returns
 * is handed to the handler as `scope`.
 */
export type ActionSteps<I, T, A> =
  | Handler<I, T, undefined>
  | { authorize: (input: I, ctx: ActionContext) => Promise<A>; handler: Handler<I, T, A> };

type Gate = Permission | "signed-in" | "temporary-password";

/**
 * The one way to write a server action: check the permission on the server, validate the
 * input with the schema the form uses (lib/schemas), authorize its scope, run the handler, and
 * map every failure to one result shape: a typed AppError to its catalog message in the
 * reader's language, anything else to a calm generic one (logged).
 */
export function guardedAction<S extends z.ZodType, T, A = undefined>(
  /**
   * "signed-in": any active user (their own account; scopes checked by `authorize`).
   * "temporary-password": only an account that must replace its temporary password (the one
   * thing such an account may do; every other action refuses it).
   */
  permission: Gate,
  schema: S,
  steps: ActionSteps<z.output<S>, T, A>,
) {
  return async (input: z.input<S>): Promise<ActionResult<T>> => {
    // Signed out (the session ended, or a reset or deactivation ended it): said as a result the
    // page can act on — a redirect thrown here reaches a fetch-style caller as a broken response.
    const forcedChange = permission === "temporary-password";
    const account = forcedChange ? await getSessionAccount() : null;
    const user = forcedChange ? (account?.passwordMustChange ? account : null) : await getCurrentUser();
    if (!user) {
      const t = await getTranslations();
      if (!forcedChange && (await mustChangePassword()))
        return { ok: false, error: t("common.errors.passwordMustChange"), passwordMustChange: true };
      return { ok: false, error: t("common.errors.signedOut"), signedOut: true };
    }
    if (permission !== "signed-in" && !forcedChange && !can(user.role, permission)) forbidden();
    const ctx: ActionContext = { user, db: db() };
    return run<S, T>(
      schema,
      input,
      async (data) => {
        if (typeof steps === "function") return steps(data, { ...ctx, scope: undefined });
        const scope = await steps.authorize(data, ctx);
        return steps.handler(data, { ...ctx, scope });
      },
      `[action ${permission}] user=${user.id}`,
    );
  };
}

/**
 * A server action open to anyone, for the few things done before there is an account (accepting
 * an invitation). Same validation and error mapping as guardedAction; the handler throttles.
 */
export function publicAction<S extends z.ZodType, T>(
  name: string,
  schema: S,
  handler: (input: z.output<S>, ctx: { db: Db }) => Promise<T>,
) {
  return async (input: z.input<S>): Promise<ActionResult<T>> =>
    run<S, T>(schema, input, (data) => handler(data, { db: db() }), `[action ${name}] public`);
}

async function run<S extends z.ZodType, T>(
  schema: S,
  input: z.input<S>,
  handler: (input: z.output<S>) => Promise<T>,
  context: string,
): Promise<ActionResult<T>> {
  const t = await getTranslations();
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error, (key, values) =>
      t.has(key as never) ? t(key as never, values as never) : t("common.errors.invalidField"),
    );
    return { ok: false, code: "INVALID", error: t("common.errors.fixFields"), fieldErrors };
  }
  try {
    return { ok: true, data: await handler(parsed.data) };
  } catch (error) {
    unstable_rethrow(error);
    if (error instanceof AppError) {
      const failure = { ok: false as const, code: error.code, error: t(error.catalog.key as never, error.catalog.values as never) };
      if (error.code === "CONFLICT" && error.body && "current" in error.body)
        return { ...failure, conflict: { current: error.body.current as T } };
      // A check only the server can make (e.g. a turn the item does not have) still lands on its field.
      return typeof error.body?.field === "string" ? { ...failure, fieldErrors: { [error.body.field]: failure.error } } : failure;
    }
    if (isDatabaseBusy(error)) {
      log().warn({ err: error, scope: "action", context }, "database busy");
      return { ok: false, error: t("common.errors.busy") };
    }
    log().error({ err: error, scope: "action", context }, "server action failed");
    return { ok: false, error: t("common.errors.generic") };
  }
}
