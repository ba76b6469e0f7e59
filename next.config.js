import path from "node:path";
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
  // `npm test` sets this for its build and type-checks the whole tree with tsc right after,
  // route types the build generates (.next/types) included: one check instead of two (~20 s
  // of a 2-core run). Every other build checks types.
  typescript: { ignoreBuildErrors: process.env.CLINAUDIT_BUILD_TYPECHECKED === "1" },
  // The server's worker threads get one bundle each (scripts/build/thread-bundles.mjs), and the
  // server's chunks are rewritten in ASCII, which V8 keeps at half the memory
  // (scripts/build/ascii-chunks.mjs); imported only here so that `next start` loads neither.
  compiler: {
    async runAfterProductionCompile({ projectDir, distDir }) {
      const { bundleThreads } = await import("./scripts/build/thread-bundles.mjs");
      await bundleThreads(projectDir, distDir);
      const { asciiChunks } = await import("./scripts/build/ascii-chunks.mjs");
      const ascii = asciiChunks(path.resolve(projectDir, distDir, "server"));
      if (ascii.notRewritten.length)
        console.warn(`ascii-chunks: ${ascii.notRewritten.length} server chunk(s) left as written: ${ascii.notRewritten.join(", ")}`);
    },
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // Next serves public/ with max-age=0: the browser asked again for the icon on every client
      // navigation (each `n` of a rater's queue). A day's cache; a new icon shows within a day.
      { source: "/icon.svg", headers: [{ key: "Cache-Control", value: "public, max-age=86400" }] },
    ];
  },
};
// next-intl: the request configuration (language, catalogs, time zone) lives in lib/i18n.
export default createNextIntlPlugin("./lib/i18n/request.ts")(config);
