// Chromium through the Playwright library with the e2e suite's offline flags (playwright.config.ts),
// but the full browser a clinician runs, Debian's /usr/bin/chromium (or CHROMIUM_PATH), not the
// headless shell the flows use: the viewer's paint is measured as a person's browser paints it.
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import config from "../../playwright.config";

export function launchChromium(): Promise<Browser> {
  const args = config.use?.launchOptions?.args ?? [];
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args });
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
