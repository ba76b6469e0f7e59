import { defineConfig } from "@playwright/test";

// Debian's Chromium (no browser downloads here); the flags keep it from dialling out.
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? "./data/e2e";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
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
  webServer: {
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
    },
  },
});
