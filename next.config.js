import createNextIntlPlugin from "next-intl/plugin";

/** @type {import("next").NextConfig} */
// `next dev` evaluates code with eval for fast refresh; production never needs it.
const devEval = process.env.NODE_ENV === "production" ? "" : " 'unsafe-eval'";
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  {
    key: "Content-Security-Policy",
    // Next inlines its bootstrap scripts, hence 'unsafe-inline' for scripts until nonces land.
    value:
      `default-src 'self'; script-src 'self' 'unsafe-inline'${devEval}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'`,
  },
];

const config = {
  reactStrictMode: true,
  poweredByHeader: false,
  experimental: { authInterrupts: true },
  // `npm test` type-checks the whole project once (tsc); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  serverExternalPackages: ["@node-rs/argon2", "better-sqlite3", "pg"],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};
// next-intl: the request configuration (language, catalogs, time zone) lives in lib/i18n.
export default createNextIntlPlugin("./lib/i18n/request.ts")(config);
