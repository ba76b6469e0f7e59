// The Content-Security-Policy of every page, built per request by proxy.ts around a fresh
// nonce. Scripts run only with that nonce ('strict-dynamic' lets them load Next's chunks), so
// an injected <script> or inline handler cannot run. Styles allow inline attributes: React
// sets style="" for sizes and positions, and a nonce cannot cover attributes.

/** 128 random bits, base64: unguessable and fresh for every response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy({ nonce, dev }: { nonce: string; dev: boolean }): string {
  return [
    "default-src 'self'",
    // Development only: React rebuilds server error stacks with eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}
