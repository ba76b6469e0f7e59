import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./support/users";

// The import report through the browser: an upload with a file no layout reads (and an empty one)
// lists each file read with what it was read as and its records, and each file not read with the
// reason, on the upload's result and again on the dataset page, in English and in Chinese (the
// same files again: "already imported", with the report kept with that version).
// IMPORT_REPORT_SHOTS=<dir> also saves both screens in both languages at 1280×800.
const SHOTS = process.env.IMPORT_REPORT_SHOTS;
const zh = JSON.parse(fs.readFileSync("messages/zh-CN/datasets.json", "utf8")).report as Record<string, Record<string, string>>;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId("import-file-report").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280x800.png`) });
}

test("an upload with an extra file: the report names each file read and each ignored with its reason, then the dataset page again", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, "organizer");
  await page.goto("/datasets");
  const name = `Import report ${Date.now()}`;
  const bundle = fs
    .readFileSync(path.resolve("e2e/fixtures/ehr-small.json"), "utf8")
    .replace("Immediate delivery", `Immediate delivery ${name}`);
  const files = [
    { name: "benchmark.json", mimeType: "application/json", buffer: Buffer.from(bundle) },
    { name: "README.md", mimeType: "text/markdown", buffer: Buffer.from("# How this benchmark was built\n") },
    { name: "empty.jsonl", mimeType: "application/octet-stream", buffer: Buffer.alloc(0) },
  ];
  await page.getByLabel("Files").setInputFiles(files);
  await page.getByLabel("Dataset name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-report")).toContainText(`Imported ${name} v1: 1 patients, 3 events, 0 notes, 1 items`);

  async function expectReport(ignoredReadme: string, ignoredEmpty: string, readAs: string, totals: RegExp, colon = ": ") {
    const report = page.getByTestId("import-file-report");
    await expect(report.getByTestId("import-report-file")).toHaveCount(1);
    const row = report.getByTestId("import-report-file").first();
    await expect(row.locator("td").first()).toHaveText("benchmark.json");
    await expect(row.locator("td").nth(1)).toHaveText(readAs);
    await expect(row.locator("td").nth(2)).toHaveText("2");
    const ignored = report.getByTestId("import-report-ignored");
    await expect(ignored.locator("li")).toHaveText([`README.md${colon}${ignoredReadme}`, `empty.jsonl${colon}${ignoredEmpty}`]);
    await expect(report.getByTestId("import-report-totals")).toHaveText(totals);
  }
  const readme = "Neither its name nor its first record is that of a file of the ehr-decision-mcq-json layout.";
  const enTotals = /^Stored: 1 patient, 3 events, 0 notes, 1 item, 0 turns\.$/;
  await expectReport(readme, "The file is empty.", "JSON bundle", enTotals);
  await expect(page.getByTestId("import-file-report")).toContainText("2 files not read");
  await shoot(page, "upload-result-en");

  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name: `${name} · v1` })).toBeVisible();
  await expect(page.getByTestId("dataset-import-report").getByRole("heading", { name: "Import report" })).toBeVisible();
  await expectReport(readme, "The file is empty.", "JSON bundle", enTotals);
  await shoot(page, "dataset-en");
  const datasetUrl = page.url();

  // In Chinese: the dataset page, then the same files once more (already imported: the kept report).
  await page.getByTestId("locale-switcher").selectOption("zh-CN");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  const zhReadme = zh.ignored!.content!.replace("{format}", "ehr-decision-mcq-json");
  const zhTotals = /^已存储：患者 1 名，病历事件 3 条，病历文书 0 份，题目 1 道，对话轮次 0 个。$/;
  await expectReport(zhReadme, zh.ignored!.empty!, zh.readAs!.bundle!, zhTotals, "：");
  await shoot(page, "dataset-zh");

  await page.goto("/datasets");
  const changed = { ...files[0]!, buffer: Buffer.from(bundle.replace(name, `${name} (2)`)) };
  await page.locator("input[name=files]").setInputFiles([changed, ...files.slice(1)]);
  await page.locator("input[name=name]").fill(name);
  await page.locator("form button[type=submit]").click();
  await expect(page.getByTestId("import-report")).toContainText(`已导入 ${name} v2`);
  await expectReport(zhReadme, zh.ignored!.empty!, zh.readAs!.bundle!, zhTotals, "：");
  await expect(page.getByTestId("import-file-report")).toContainText("2 个文件未读取");
  await shoot(page, "upload-result-zh");

  await page.locator("input[name=files]").setInputFiles(files);
  await page.locator("form button[type=submit]").click();
  await expect(page.getByTestId("import-report")).toContainText(`已作为 ${name} v1 导入过`);
  await expectReport(zhReadme, zh.ignored!.empty!, zh.readAs!.bundle!, zhTotals, "：");

  // Back to English for the flows after this one in the same worker.
  await page.goto(datasetUrl);
  await page.getByTestId("locale-switcher").selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
