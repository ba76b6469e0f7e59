/** A post-sign-in destination, only ever on this site: anything else is dropped. */
export function safeCallbackPath(value: string | string[] | undefined, siteUrl: string): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  try {
    const site = new URL(siteUrl);
    const url = new URL(raw, site);
    if (url.origin !== site.origin || url.pathname.startsWith("/login")) return undefined;
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}
