import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { latinProse } from "../tests/support/latin-prose";
import { clinaudit } from "./support/cli";
import { signInAs, uniqueEmail } from "./support/users";

// Issue 36: the domains say what went wrong as codes, and a Chinese reader sees Chinese. Each
// message shown is checked for English prose (Latin-script words outside names, ids, units and code).

/** The located issues' messages (after "file:line: field: "), which must hold no English prose. */
async function issueMessages(page: Page, testId = "import-issues"): Promise<string[]> {
  const items = await page.getByTestId(testId).locator("li").allInnerTexts();
  return items.map((t) => t.split(": ").slice(2).join(": "));
}

/** Quoted values and lists of codes ("diagnosis, lab_test, vital_sign") are the data's words, not the message's. */
const withoutQuoted = (text: string) => text.replace(/"[^"]*"|“[^”]*”/g, "").replace(/[\w.-]+(?:, [\w.-]+){2,}/g, "");

test("a rejected import's located issues read in Chinese, every kind", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  await signInAs(page, "organizer");
  await page.goto("/datasets");
  // The demo organizer's profile language is English: switched here, and back at the end.
  await page.getByTestId("locale-switcher").selectOption("zh-CN");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  const dir = testInfo.outputPath("zh-import");
  fs.mkdirSync(dir, { recursive: true });
  // One file of each located kind: a JSON syntax error, a schema error, a duplicate id, an unknown
  // patient, evidence after the cutoff and a decision-point order problem.
  const patient = (id: string) => ({
    patient_id: id,
    demographics: {},
    events: [{ event_id: "E1", time: "2031-03-01T09:00:00", event_type: "lab", name: "Hb", value: 11 }],
  });
  const inst = (id: string, patientId: string, index: number, cutoff: string, evidence: string[]) => ({
    instance_id: id,
    patient_id: patientId,
    decision_point_index: index,
    cutoff: { time: cutoff },
    question: "Q?",
    options: [
      { label: "A", text: "a" },
      { label: "B", text: "b" },
    ],
    answer: "A",
    evidence_event_ids: evidence,
  });
  const patients = [
    patient("P1"),
    patient("P1"),
    { ...patient("P2"), events: [{ event_id: "E1", time: "not a time", event_type: "lab" }] },
  ];
  const instances = [
    inst("I1", "P1", 1, "2031-03-02T00:00:00", ["E1"]),
    inst("I2", "P9", 1, "2031-03-02T00:00:00", ["E1"]),
    inst("I3", "P1", 2, "2031-01-01T00:00:00", ["E1"]),
    { ...inst("I4", "P1", 3, "2031-04-01T00:00:00", ["E1"]), answer: "Z" },
  ];
  const jsonl = (rs: unknown[]) => `${rs.map((r) => JSON.stringify(r)).join("\n")}\n{"broken": \n`;
  fs.writeFileSync(path.join(dir, "patients.jsonl"), jsonl(patients));
  fs.writeFileSync(path.join(dir, "instances.jsonl"), jsonl(instances));
  await page.getByLabel("文件").setInputFiles([path.join(dir, "patients.jsonl"), path.join(dir, "instances.jsonl")]);
  await page.getByLabel("数据集名称", { exact: true }).fill(`中文导入 ${Date.now()}`);
  await page.getByRole("button", { name: "导入", exact: true }).click();
  await expect(page.getByTestId("import-issues")).toBeVisible({ timeout: 60_000 });
  const messages = await issueMessages(page);
  expect(messages.length).toBeGreaterThan(4);
  for (const m of messages) expect(latinProse(withoutQuoted(m)), m).toEqual([]);
  await page.getByTestId("locale-switcher").selectOption("en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await context.close();
});

test("a throttled sign-in says so in Chinese", async ({ browser }) => {
  const ip = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
  const context = await browser.newContext({ locale: "zh-CN", extraHTTPHeaders: { "x-forwarded-for": ip } });
  const page = await context.newPage();
  const email = uniqueEmail("zh-throttle");
  await page.goto("/login");
  for (let i = 0; i < 6; i++) {
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(`wrong-${i}`);
    await page.locator('button[type="submit"]').click();
    await expect(page.getByTestId("login-error")).toBeVisible();
    await expect(page.locator('button[type="submit"]')).toBeEnabled();
  }
  // The throttled message names the wait in minutes; "invalid credentials" has no number.
  await expect(page.getByTestId("login-error")).toHaveText(/\d/);
  expect(latinProse((await page.getByTestId("login-error").textContent()) ?? "")).toEqual([]);
  await context.close();
});

/** The organizer's interface in Chinese for `run`, and back in English after it (the demo profile's language). */
async function inChinese(page: Page, run: () => Promise<void>): Promise<void> {
  await page.getByTestId("locale-switcher").selectOption("zh-CN");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  try {
    await run();
  } finally {
    await page.getByTestId("locale-switcher").selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  }
}

test("a refused prediction upload's located issues read in Chinese", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  // A benchmark of its own (unique seed, so a fresh checksum) and synthetic predictions for it, as e2e/evaluation.spec.ts.
  const dir = testInfo.outputPath("zh-eval");
  const seed = `e2e-zh-eval-${Date.now()}`;
  clinaudit(["generate", "--kind", "ehr", "--size", "demo", "--patients", "6", "--seed", seed, "--out", dir]);
  const dataset = path.join(dir, "ehr-decision-mcq.json");
  clinaudit(["generate", "--kind", "predictions", "--dataset", dataset, "--seed", seed, "--out", dir]);
  const lines = fs.readFileSync(path.join(dir, "predictions.csv"), "utf8").split("\n");
  // One row of each kind: a duplicate, a label that is no option, an unknown item, no model,
  // too few fields, a model name over 100 characters.
  const broken = path.join(dir, "broken.csv");
  const cells = lines[1]!.split(",");
  fs.writeFileSync(
    broken,
    [
      lines[0],
      lines[1],
      lines[1],
      lines[2]!.replace(/,[A-D]$/, ",Z"),
      "Synthetic-L,Agent,NO-SUCH-ITEM,A",
      ["", ...cells.slice(1)].join(","),
      cells.slice(0, -1).join(","),
      ["M".repeat(101), ...cells.slice(1)].join(","),
    ].join("\n") + "\n",
  );

  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  await signInAs(page, "organizer");
  await page.goto("/datasets");
  await inChinese(page, async () => {
    const name = `中文评估 ${Date.now()}`;
    await page.getByLabel("文件").setInputFiles(dataset);
    await page.getByLabel("数据集名称", { exact: true }).fill(name);
    await page.getByRole("button", { name: "导入", exact: true }).click();
    await expect(page.getByTestId("import-report")).toContainText(name, { timeout: 60_000 });

    await page.goto("/evaluations");
    const option = await page
      .getByLabel("数据集")
      .locator("option", { hasText: `${name} v1` })
      .getAttribute("value");
    await page.getByLabel("数据集").selectOption(option!);
    await page.getByLabel("预测文件").setInputFiles(broken);
    await page.getByRole("button", { name: "导入", exact: true }).click();
    await expect(page.getByTestId("prediction-issues")).toBeVisible({ timeout: 60_000 });
    const messages = await issueMessages(page, "prediction-issues");
    expect(messages.length).toBe(6);
    for (const m of messages) expect(latinProse(withoutQuoted(m)), m).toEqual([]);
  });
  await context.close();
});

test("a sample larger than its frame is refused in Chinese", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  await signInAs(page, "organizer");
  await page.goto("/audits/new");
  await inChinese(page, async () => {
    await page.getByLabel("样本量").fill("1000000");
    await page.getByLabel("随机种子").fill("zh-sampling");
    await page.getByRole("button", { name: "抽取样本" }).click();
    // The sampler's SIZE_EXCEEDS_FRAME, worded from the domain catalog: it names both sizes.
    const alert = page.getByRole("alert").filter({ hasText: "1000000" });
    await expect(alert).toBeVisible();
    expect(latinProse((await alert.textContent()) ?? "")).toEqual([]);
  });
  await context.close();
});

test("the agreement engine's notes on undefined values read in Chinese", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  await signInAs(page, "organizer");
  await page.goto("/audits/agreement");
  await inChinese(page, async () => {
    // Every rating in one category: the chance-corrected coefficients are undefined, each with the engine's note.
    const rows = ["item,rater,category", ...["q1", "q2", "q3"].flatMap((i) => [`${i},a,yes`, `${i},b,yes`])];
    await page
      .locator("input[name=file]")
      .setInputFiles({ name: "one.csv", mimeType: "text/csv", buffer: Buffer.from(rows.join("\n") + "\n") });
    await page.locator("form button[type=submit]").click();
    const notes = page.getByRole("list", { name: "部分数值为“不适用”的原因" });
    await expect(notes).toBeVisible({ timeout: 60_000 });
    const texts = await notes.locator("li").allInnerTexts();
    expect(texts.length).toBeGreaterThan(2);
    // "Fleiss' kappa：…": the statistic's name stays; the note after it is the engine's, in Chinese.
    for (const text of texts) expect(latinProse(text.split("：").slice(1).join("：")), text).toEqual([]);
  });
  await context.close();
});
