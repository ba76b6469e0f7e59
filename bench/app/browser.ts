// Chromium through the Playwright library, launched exactly as the e2e suite launches it
// (playwright.config.ts: Debian's /usr/bin/chromium or CHROMIUM_PATH, offline flags).
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import config from "../../playwright.config";

export function launchChromium(): Promise<Browser> {
  const launch = config.use?.launchOptions;
  if (!launch?.executablePath) throw new Error("playwright.config.ts has no launchOptions.executablePath");
  return chromium.launch({ executablePath: launch.executablePath, args: launch.args ?? [] });
}

const SESSION = "next-auth.session-token";

/** A fresh context (no cache, no storage) carrying a signed-in session cookie. */
export async function signedInContext(browser: Browser, base: string, cookieHeader: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const value = cookieHeader
    .split("; ")
    .find((c) => c.startsWith(`${SESSION}=`))
    ?.slice(SESSION.length + 1);
  if (!value) throw new Error("no session cookie to give the browser");
  await context.addCookies([{ name: SESSION, value, url: base }]);
  return context;
}
