import { expect, test } from "@playwright/test";
import { signInAs } from "./support/users";

// The agreement tool through the browser: an organizer finds it from the audits list, uploads a
// REDCap CSV export in which a re-import lost the record ids' leading zeros (rater 2's answers sit
// on records "1", "2", … beside "0001", "0002", …), and reads AC1 with the warnings about the ids
// and the items rated once, in English and then in Chinese.

/** REDCap's "CSV (raw data)" export: record_id, the event, a field per rater, the form's _complete. */
function redcapExport(): string {
  const votes = ["yes", "yes", "no", "yes", "no", "yes", "yes", "no", "yes", "yes"];
  const rows = ["record_id,redcap_event_name,rater_1,rater_2,rating_complete"];
  votes.forEach((v, k) => {
    const id = String(k + 1).padStart(4, "0");
    const other = k % 3 === 0 ? (v === "yes" ? "no" : "yes") : v;
    if (k < 6) rows.push(`${id},baseline_arm_1,${v},${other},2`);
    else rows.push(`${id},baseline_arm_1,${v},,2`, `${k + 1},baseline_arm_1,,${other},2`);
  });
  return rows.join("\r\n") + "\r\n";
}

const UI = {
  en: { ac1: "Gwet's AC1", zeros: "only by leading zeros or case", once: "8 of 14 items have one rating where others have up to 2" },
  "zh-CN": { ac1: "Gwet's AC1", zeros: "仅在前导零或大小写上不同", once: "14 个条目中有 8 个只有一个评分" },
} as const;

test("an organizer uploads a REDCap export and reads AC1 and the leading-zeros warning, in English and Chinese", async ({ page }) => {
  await signInAs(page, "organizer");
  await page.getByRole("link", { name: "Agreement from a file" }).click();
  await expect(page).toHaveURL(/\/audits\/agreement$/);
  const file = { name: "redcap-export.csv", mimeType: "text/csv", buffer: Buffer.from(redcapExport()) };
  try {
    for (const lang of ["en", "zh-CN"] as const) {
      if (lang === "zh-CN") {
        await page.getByTestId("locale-switcher").selectOption("zh-CN");
        await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
      }
      await page.locator("input[name=file]").setInputFiles(file);
      await page.locator("form button[type=submit]").click();
      const result = page.getByTestId("agreement-result");
      await expect(result).toBeVisible();
      const ac1 = result.getByRole("row", { name: new RegExp(UI[lang].ac1) });
      await expect(ac1).toContainText(/\d\.\d{3}/);
      const warnings = page.getByTestId("agreement-warnings");
      await expect(warnings).toContainText(UI[lang].zeros);
      await expect(warnings).toContainText('"0007" / "7"');
      await expect(warnings).toContainText(UI[lang].once);
    }
  } finally {
    await page.getByTestId("locale-switcher").selectOption("en");
  }
});
