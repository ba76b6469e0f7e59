import { expect, test, type Page } from "@playwright/test";
import { checkA11y } from "./support/axe";
import { waitForShortcuts } from "./support/users";

// The review flow in both interface languages, with axe on every page: 王芳 (demo clinician 4,
// profile language Simplified Chinese) reviews the Chinese-record demo audit in Chinese, then
// switches to English in the header, which is saved to her profile, and back.
const WANG = { email: "clinician4@demo.clinaudit", password: "demo-clinician-2026" };
const AUDIT = "中文病历审核演示";

const UI = {
  "zh-CN": {
    nav: "我的审核",
    record: "决策截止时间之前的患者病历",
    gold: "标准答案正确性",
    rated: "已评 1 / 2 个维度",
    saved: /已保存 \d{2}:\d{2}/,
  },
  en: {
    nav: "My reviews",
    record: "Patient record up to the decision cutoff",
    gold: "Gold-answer correctness",
    rated: "1 of 2 dimensions rated",
    saved: /Saved \d{2}:\d{2}/,
  },
} as const;
type Lang = keyof typeof UI;

test.describe.configure({ mode: "serial" });

/** Signs in through the form in whatever language it shows (fields by name, button by type). */
async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(password);
  await page.locator("form button[type=submit]").click();
}

async function expectLanguage(page: Page, lang: Lang) {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.getByRole("navigation").getByRole("link", { name: UI[lang].nav })).toBeVisible();
}

async function switchTo(page: Page, lang: Lang) {
  await page.getByTestId("locale-switcher").selectOption(lang);
  await expectLanguage(page, lang);
}

/** Opens the audit's item at `index` from the queue, rates the gold answer by keyboard, checks it saved. */
async function rateOneItem(page: Page, lang: Lang, index: number) {
  const section = page.locator("section", { has: page.getByRole("heading", { name: AUDIT }) });
  await section.locator("table a[href^='/review/']").nth(index).click();
  await expect(page).toHaveURL(/\/review\/[^/]+$/);
  await waitForShortcuts(page);
  // The record is Chinese text as stored, whatever the interface language.
  await expect(page.getByRole("region", { name: UI[lang].record })).toContainText(/\p{Script=Han}{4,}/u);
  await expect(page.getByText(UI[lang].gold).first()).toBeVisible();
  await page.keyboard.press("1");
  await expect(page.getByText(UI[lang].rated)).toBeVisible();
  await expect(page.getByText(UI[lang].saved).first()).toBeVisible();
}

test("the sign-in page follows the browser's language and the switch changes it", async ({ browser }) => {
  const page = await (await browser.newContext({ locale: "zh-CN" })).newPage();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("heading", { name: "登录 ClinAudit" })).toBeVisible();
  await checkA11y(page, "sign-in page in Chinese");
  await page.getByTestId("locale-switcher").selectOption("en");
  await expect(page.getByRole("heading", { name: "Sign in to ClinAudit" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("review in Chinese: queue and case screen with Chinese record text, rating by keyboard", async ({ browser }, testInfo) => {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  await signIn(page, WANG.email, WANG.password);
  await expect(page).toHaveURL(/\/review$/);
  await expectLanguage(page, "zh-CN");
  await checkA11y(page, "queue in Chinese");
  await rateOneItem(page, "zh-CN", 0);
  await checkA11y(page, "case screen in Chinese");
  // The client's messages come from its bundle (components/layout/intl-provider.tsx), not in each
  // document: the case page's HTML carries no catalog text it does not show (the admin trail's).
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain(AUDIT);
  expect(html).not.toContain("对用户、数据集、审核任务、分配");
  await page.screenshot({ path: testInfo.outputPath("case-zh-CN.png") });
  await testInfo.attach("case screen in Chinese", { path: testInfo.outputPath("case-zh-CN.png"), contentType: "image/png" });
});

test("review in English after switching in the header; the choice is saved to the profile", async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, WANG.email, WANG.password);
  await expect(page).toHaveURL(/\/review$/);
  await switchTo(page, "en");
  await page.reload();
  await expectLanguage(page, "en");
  await checkA11y(page, "queue in English");
  await rateOneItem(page, "en", 1);
  await checkA11y(page, "case screen in English");
  // A new session reads the profile, not the browser.
  const again = await (await browser.newContext({ locale: "zh-CN" })).newPage();
  await signIn(again, WANG.email, WANG.password);
  await expectLanguage(again, "en");
  await switchTo(again, "zh-CN");
});
