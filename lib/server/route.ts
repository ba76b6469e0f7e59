import "server-only";
import { getTranslations } from "@/lib/i18n/server";
import { can, type Permission } from "../auth/permissions";
import { db } from "../db";
import type { Db } from "../db/client";
import { isDatabaseBusy } from "../db/transient";
import { env } from "../env";
import { getCurrentUser, mustChangePassword, type CurrentUser } from "./auth/current-user";
import { AppError, ERROR_STATUS, type CatalogMessage } from "./errors";
import { log } from "./log";

/**
 * A state-changing request must come from this site: browsers send Origin on cross-site
 * POSTs, so a foreign Origin is refused (server actions get the same check from Next).
 * X-Forwarded-Host names the site only when a trusted proxy wrote it (CLINAUDIT_TRUST_PROXY;
 * its last entry, as for X-Forwarded-For); otherwise it is whatever the client sent.
 */
export function isCrossOrigin(request: Request, trustProxy = env().CLINAUDIT_TRUST_PROXY): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const forwarded = trustProxy
    ? request.headers
        .get("x-forwarded-host")
        ?.split(",")
        .map((h) => h.trim())
        .filter(Boolean)
        .at(-1)
    : undefined;
  const host = forwarded ?? request.headers.get("host");
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

type Translator = Awaited<ReturnType<typeof getTranslations>>;

/** What guardedRoute hands a handler: the caller, the database, the request and its params. */
export interface RouteContext<P> {
  user: CurrentUser;
  db: Db;
  request: Request;
  params: P;
}

type Next<P> = { params: Promise<P> };

/** The JSON answer of a refusal: `{ error, code, ...body }` with the message in the reader's language. */
export function refusal(t: Translator, status: number, message: CatalogMessage, extra: Record<string, unknown> = {}): Response {
  return Response.json(
    { error: t(message.key as never, message.values as never), ...extra },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * The one way to write a route handler (app/api/**): the same permission model and failures as
 * guardedAction. A state-changing request from another site is refused (browsers send Origin on
 * cross-site POSTs; server actions get the same check from Next); signed out is 401, a temporary
 * password or a missing permission 403. The handler may throw an AppError (an access check's
 * not found / forbidden, a domain failure): it becomes its status and catalog message, with the
 * error's body beside it. Anything else is logged and answered 500 with a calm generic message.
 */
export function guardedRoute<P = Record<string, never>>(
  permission: Permission | "signed-in",
  handler: (ctx: RouteContext<P>) => Promise<Response>,
) {
  return async (request: Request, next: Next<P>): Promise<Response> => {
    const t = await getTranslations();
    if (request.method !== "GET" && request.method !== "HEAD" && isCrossOrigin(request))
      return refusal(t, 403, { key: "common.errors.crossSite" }, { code: "FORBIDDEN" });
    const user = await getCurrentUser();
    if (!user) {
      // Signed in with a temporary password: nothing until it is replaced.
      if (await mustChangePassword())
        return refusal(t, 403, { key: "common.errors.changePasswordFirst" }, { code: "FORBIDDEN", passwordMustChange: true });
      return refusal(t, 401, { key: "common.errors.signIn" }, { code: "SIGNED_OUT" });
    }
    if (permission !== "signed-in" && !can(user.role, permission))
      return refusal(t, 403, { key: "common.errors.forbidden" }, { code: "FORBIDDEN" });
    return answer(
      async () => t,
      `[route ${permission}] ${new URL(request.url).pathname} user=${user.id}`,
      async () => handler({ user, db: db(), request, params: await next.params }),
    );
  };
}

/** A route open to everyone (health checks): the same failure mapping, no session read. */
export function openRoute(name: string, handler: (ctx: { db: Db; request: Request }) => Promise<Response>) {
  return async (request: Request): Promise<Response> =>
    answer(
      () => getTranslations(),
      `[route ${name}] public`,
      () => handler({ db: db(), request }),
    );
}

async function answer(translator: () => Promise<Translator>, context: string, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    const t = await translator();
    if (error instanceof AppError) return refusal(t, ERROR_STATUS[error.code], error.catalog, { code: error.code, ...error.body });
    // Another process held SQLite's write lock past the busy timeout: nothing written, try again.
    if (isDatabaseBusy(error)) return refusal(t, 503, { key: "common.errors.busy" }, { retryable: true });
    log().error({ err: error, scope: "route", context }, "route handler failed");
    return refusal(t, 500, { key: "common.errors.generic" });
  }
}
