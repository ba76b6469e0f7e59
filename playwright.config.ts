import fs from "node:fs";
import { defineConfig } from "@playwright/test";

// Debian's Chromium (no browser downloads here); the flags keep it from dialling out. The flows run
// in its headless shell (Debian's chromium-headless-shell, the same Blink without the browser's
// window layer, which Playwright itself uses for headless runs): the same four heavy spec files
// took 220 and 190 s in it against 235 and 252 s in the full browser, run alternately on 2 cores.
// CHROMIUM_PATH overrides; without the shell, the full browser.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? "./data/e2e";
// Its own results folder per run, so that runs side by side (npm test runs SQLite and PostgreSQL
// at once) never clean or overwrite each other's traces.
const outputDir = process.env.E2E_OUTPUT_DIR ?? "test-results";
// The OpenID provider e2e/sso.spec.ts signs in through (e2e/support/test-idp.mjs), on loopback.
export const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? port + 1);
export const IDP_ISSUER = `http://127.0.0.1:${IDP_PORT}`;

export default defineConfig({
  testDir: "e2e",
  outputDir,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${port}`,
    // Off unless asked for (E2E_TRACE=retain-on-failure): recording a trace of every flow cost
    // ~20% of the run's wall time on 2 cores (the same 12 flows: 135-144 s with it, 115-118 s
    // without), and CI keeps only what the run prints, never the trace files.
    trace: (process.env.E2E_TRACE ?? "off") as "off" | "on" | "retain-on-failure" | "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: [
    {
      // Started first (webServer entries start in order); only e2e/sso.spec.ts signs in through it.
      command: "node e2e/support/test-idp.mjs",
      url: `${IDP_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "pipe",
      env: { IDP_PORT: String(IDP_PORT), APP_URL: `http://localhost:${port}` },
    },
    {
      // The real start script: migrations, first-start bootstrap, demo users, next start.
      command: `rm -rf ${dataDir} && npm start`,
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "pipe",
      env: {
        PORT: String(port),
        CLINAUDIT_DEMO: "1",
        // e2e/session.spec.ts gives each test its own client address, as a reverse proxy would.
        CLINAUDIT_TRUST_PROXY: "1",
        CLINAUDIT_DATA_DIR: dataDir,
        NEXTAUTH_URL: `http://localhost:${port}`,
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
        // Single sign-on through the test IdP: a button beside the password form, which stays on
        // unless e2e/sso.spec.ts turns it off (it turns it back on).
        CLINAUDIT_OIDC_ISSUER: IDP_ISSUER,
        CLINAUDIT_OIDC_CLIENT_ID: "clinaudit-e2e",
        CLINAUDIT_OIDC_CLIENT_SECRET: "clinaudit-e2e-secret-not-for-production",
        CLINAUDIT_OIDC_SCOPES: "openid email profile groups",
        CLINAUDIT_OIDC_NAME: "Hospital ID",
      },
    },
  ],
});
