import createNextIntlPlugin from "next-intl/plugin";

// The Content-Security-Policy is per request (a fresh script nonce): proxy.ts sets it.
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

/** @type {import("next").NextConfig} */
const config = {
  reactStrictMode: true,
  poweredByHeader: false,
  experimental: { authInterrupts: true },
  serverExternalPackages: ["@node-rs/argon2", "better-sqlite3", "pg", "pino"],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};
// next-intl: the request configuration (language, catalogs, time zone) lives in lib/i18n.
export default createNextIntlPlugin("./lib/i18n/request.ts")(config);
