import "server-only";
import { headers } from "next/headers";
import { clientAddress } from "../auth/client-address";
import { env } from "../env";

/** The client address of the page's request: only when a trusted proxy wrote it (CLINAUDIT_TRUST_PROXY). */
export async function requestAddress(): Promise<string | null> {
  return clientAddress((await headers()).get("x-forwarded-for") ?? undefined, env().CLINAUDIT_TRUST_PROXY);
}

/** The same for a route handler's request. */
export function routeAddress(request: Request): string | null {
  return clientAddress(request.headers.get("x-forwarded-for") ?? undefined, env().CLINAUDIT_TRUST_PROXY);
}
