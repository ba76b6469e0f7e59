// Screenshots for the docs, taken from a running demo instance (npm run demo):
//   node scripts/docs/screenshots.mjs [http://localhost:3000] [docs/screenshots]
// It imports a long-history synthetic dataset (clinaudit generate --size full --patients 4),
// opens an audit on it for clinician1, and photographs the queue, the case screen and the viewer.
// Run it against a fresh demo instance (it creates an audit each time).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://localhost:3000";
const out = path.resolve(process.argv[3] ?? "docs/screenshots");
fs.mkdirSync(out, { recursive: true });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-shots-"));
execFileSync(
  process.execPath,
  ["bin/clinaudit.mjs", "generate", "--kind", "ehr", "--size", "full", "--patients", "4", "--seed", "long", "--out", tmp],
  { stdio: "ignore" },
);
const bundle = path.join(
  tmp,
  fs.readdirSync(tmp).find((f) => f.endsWith(".json") && f !== "flaws.json"),
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
});
async function signIn(email, password) {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
  return page;
}
const shot = (page, name, fullPage = false) => page.screenshot({ path: path.join(out, `${name}.png`), fullPage });

const org = await signIn("organizer@demo.clinaudit", "demo-organizer-2026");
await org.goto(`${base}/datasets`);
await org.getByLabel("Files").setInputFiles(bundle);
await org.getByLabel("Dataset name (optional)").fill("Long histories (synthetic)");
await org.getByRole("button", { name: "Import" }).click();
await org.getByTestId("import-report").or(org.getByText("Already imported")).waitFor();
await shot(org, "datasets");
await org.goto(`${base}/audits/new`);
await org.getByLabel("Audit name").fill("Long-history audit");
await org
  .getByLabel("Dataset")
  .selectOption({ label: /Long histories/ })
  .catch(async () => {
    const value = await org.locator("select#datasetId option", { hasText: "Long histories" }).first().getAttribute("value");
    await org.getByLabel("Dataset").selectOption(value);
  });
await org.getByLabel("Sample size").fill("6");
await org.getByRole("button", { name: "Draw sample" }).click();
await org.getByTestId("sample-summary").waitFor();
await shot(org, "new-audit");
await org.getByRole("button", { name: "Create audit" }).click();
await org.getByRole("button", { name: "Assign" }).waitFor();
for (const box of await org.getByRole("checkbox").all()) {
  await box.setChecked(/clinician1@demo/.test((await box.locator("xpath=..").textContent()) ?? ""));
}
await org.getByRole("button", { name: "Assign" }).click();
await org.getByText(/assignments created/).waitFor();
await org.getByRole("button", { name: "Open for review" }).click();
await org.getByRole("button", { name: "Close audit" }).waitFor();

const doc = await signIn("clinician1@demo.clinaudit", "demo-clinician-2026");
await shot(doc, "queue", true);
const section = doc.locator("section", { has: doc.getByRole("heading", { name: "Long-history audit" }) });
await section.getByRole("link", { name: /Next unrated/ }).click();
await doc.locator("section[data-keys-ready]").waitFor();
await shot(doc, "case-screen");
await doc.getByPlaceholder(/Search/).fill("GBS");
await doc.keyboard.press("Enter");
await doc.waitForTimeout(400);
await shot(doc, "viewer-search-hit");
await doc
  .getByRole("button", { name: /show in record/ })
  .first()
  .click();
await doc.waitForTimeout(600);
await shot(doc, "viewer-evidence-highlight");
await doc.getByPlaceholder(/Search/).fill("");
await doc.evaluate(() => document.activeElement?.blur());
await doc.keyboard.press("1");
await doc.keyboard.press("1");
await doc
  .getByText(/Saved \d/)
  .first()
  .waitFor();
await doc.locator("section[aria-label='Your rating']").screenshot({ path: path.join(out, "rating-panel.png") });

await org.goto(`${base}/audits`);
await org.getByRole("link", { name: "Demo audit: gold answers, round 1" }).click();
await org.getByRole("link", { name: "Dashboard" }).click();
await org.waitForURL(/\/dashboard$/);
await org.getByTestId("audit-paragraph").waitFor();
await shot(org, "dashboard", true);
// The Chinese-record demo audit in the Chinese interface (王芳's profile language).
const zh = await signIn("clinician4@demo.clinaudit", "demo-clinician-2026");
await zh.locator("table a[href^='/review/']").first().click();
await zh.locator("section[data-keys-ready]").waitFor();
await shot(zh, "case-screen-zh");
await zh.getByPlaceholder(/搜索/).fill("胎心");
await zh.keyboard.press("Enter");
await zh.waitForTimeout(400);
await shot(zh, "viewer-search-zh");

await browser.close();
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`screenshots in ${out}`);
