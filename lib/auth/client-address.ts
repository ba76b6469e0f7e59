/**
 * The client address for the per-address sign-in limit, or null when it cannot be trusted.
 * X-Forwarded-For is whatever the client sent unless a trusted proxy wrote it; the proxy
 * appends the address it saw, so the last entry is the one to believe.
 */
export function clientAddress(forwarded: string | string[] | undefined, trustProxy: boolean): string | null {
  if (!trustProxy) return null;
  const header = Array.isArray(forwarded) ? forwarded.join(",") : forwarded;
  return (
    header
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1) ?? null
  );
}
