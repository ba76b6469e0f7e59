// Where a visitor may be sent after signing in. One parser for the sign-in form and for
// next-auth's redirect callback. Browsers and URL parsers disagree about dot segments,
// backslashes, percent-encoded separators and control characters (each has been an open
// redirect somewhere: `/.//evil`, `/\evil`, `/%2e//evil`, `/\tevil`), so instead of
// normalising and hoping, a path is accepted only when it is already in canonical form:
// it starts with one "/", contains none of those, and the WHATWG parser leaves it unchanged.

const MAX_LENGTH = 2048;
/** Control characters, whitespace and backslashes: parsers strip or reinterpret them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_CHARACTER = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\\]/;
/** Percent-encoded dot, slash, backslash or a control character: decoded differently by different layers. */
const ENCODED_SEPARATOR = /%(2e|2f|5c|[01][0-9a-f]|7f)/i;
/** A scheme: "http:", "javascript:", "data:" … */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The same-origin path (pathname + query) that `value` names, or undefined when it names
 * anything else. A full URL is accepted only with exactly this site's origin.
 */
export function sameSitePath(value: string | string[] | undefined, siteUrl: string): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return undefined;
  if (UNSAFE_CHARACTER.test(raw) || ENCODED_SEPARATOR.test(raw)) return undefined;
  let site: URL;
  try {
    site = new URL(siteUrl);
  } catch {
    return undefined;
  }
  let path = raw;
  if (SCHEME.test(raw)) {
    // Only this very origin, spelled as the parser spells it (no userinfo, no odd port forms).
    if (!raw.toLowerCase().startsWith(`${site.origin.toLowerCase()}/`)) return undefined;
    path = raw.slice(site.origin.length);
  }
  // Exactly one leading slash and no empty, "." or ".." segment anywhere.
  if (!path.startsWith("/") || path.includes("//")) return undefined;
  const pathname = path.split(/[?#]/, 1)[0]!;
  if (pathname.split("/").some((segment) => segment === "." || segment === "..")) return undefined;
  let url: URL;
  try {
    url = new URL(path, site);
  } catch {
    return undefined;
  }
  if (url.origin !== site.origin || url.username || url.password) return undefined;
  const result = `${url.pathname}${url.search}`;
  // Canonical or nothing: whatever the parser would have rewritten is not accepted.
  if (`${result}${url.hash}` !== path) return undefined;
  return result;
}

/** A post-sign-in destination, only ever on this site and never the sign-in page itself. */
export function safeCallbackPath(value: string | string[] | undefined, siteUrl: string): string | undefined {
  const path = sameSitePath(value, siteUrl);
  if (!path || /^\/login(?:[/?]|$)/.test(path)) return undefined;
  return path;
}

/** next-auth's redirect callback: this site's URL for a safe `url`, else the site's root. */
export function redirectOnSite(url: string, baseUrl: string): string {
  const path = sameSitePath(url, baseUrl);
  return path ? `${baseUrl.replace(/\/$/, "")}${path}` : baseUrl;
}
