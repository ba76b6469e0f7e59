/**
 * Whether a server-action call comes from another site: its Origin's host differs from the host
 * it was sent to (the first X-Forwarded-Host, else Host). The same rule Next applies before it
 * runs an action (server/app-render/action-handler.js, without `serverActions.allowedOrigins`),
 * stated here so that the proxy answers such a call 403 where Next would answer 500. A call
 * without an Origin is let through, as Next does: browsers send one with every POST, so only a
 * hand-made request lacks it, and it carries no one's cookies but its maker's.
 */
export function isCrossSiteAction(headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = origin === "null" ? "null" : new URL(origin).host;
  } catch {
    return true;
  }
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const host = forwarded || headers.get("host");
  return !host || originHost !== host;
}
