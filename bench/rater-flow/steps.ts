// The steps compare.ts and trace.ts take with one rater: open the first case of their queue, then
// per case a read, `1` and its save (measure.ts runs many raters at once and has its own).
import type { Browser, Page } from "@playwright/test";
import { signedInContext } from "../app/browser";
import { signIn } from "../app/sign-in";
import type { RaterFlowWorld } from "./world";

export async function waitSaved(page: Page): Promise<void> {
  await page.waitForFunction(() => !/Not saved|Saving/.test(document.querySelector("[data-testid=rating-bar]")?.textContent ?? ""), null, {
    timeout: 20_000,
  });
}

/** Rater `r` signed in, on the first case of their queue of `kind`, its keys live. */
export async function openQueue(
  browser: Browser,
  base: string,
  world: RaterFlowWorld,
  r: number,
  kind: "mcq" | "conversation",
): Promise<{ page: Page; queue: string[] }> {
  const context = await signedInContext(browser, base, await signIn(base, world.emails[r]!, world.password));
  const page = await context.newPage();
  const queue = world[kind].queues[r]!;
  await page.goto(`${base}/review/${queue[0]}`);
  await page.waitForSelector("section[data-keys-ready]", { timeout: 60_000 });
  return { page, queue };
}

/** A 1.5 s read, then `1` and its save: the case is ready for `n`. */
export async function readAndRate(page: Page): Promise<void> {
  await page.waitForTimeout(1500);
  await page.keyboard.press("1");
  await waitSaved(page);
}
