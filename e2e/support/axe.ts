import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * The page passes axe-core with no serious or critical violation (WCAG 2.1 A/AA rules), and is
 * no wider than the window (no sideways scrolling at the 1280 px the flows run at).
 */
export async function checkA11y(page: Page, what: string) {
  await page.waitForLoadState("networkidle");
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > width + 1);
    // The innermost elements past the edge name the culprit.
    const innermost = wide.filter((e) => ![...e.children].some((c) => wide.includes(c)));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width,
      culprits: innermost
        .slice(0, 3)
        .map((e) => `${e.tagName.toLowerCase()}${e.className ? `.${String(e.className).split(" ").join(".")}` : ""}`),
    };
  });
  expect(
    overflow.scrollWidth,
    `${what} is ${overflow.scrollWidth} px wide in a ${overflow.width} px window: ${overflow.culprits.join(", ")}`,
  ).toBeLessThanOrEqual(overflow.width);
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = bad.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join("\n    ")}`,
  );
  expect(summary, `${what}\n${summary.join("\n")}`).toEqual([]);
}
