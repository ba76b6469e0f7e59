import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The page passes axe-core with no serious or critical violation (WCAG 2.1 A/AA rules). */
export async function checkA11y(page: Page, what: string) {
  await page.waitForLoadState("networkidle");
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
