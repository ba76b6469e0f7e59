import "server-only";
import { headers } from "next/headers";
import { clientAddress } from "@/lib/auth/options";
import { env } from "@/lib/env";

/** The client address for throttling link guesses: only when a trusted proxy wrote it. */
export async function requestAddress(): Promise<string | null> {
  return clientAddress((await headers()).get("x-forwarded-for") ?? undefined, env().CLINAUDIT_TRUST_PROXY);
}
