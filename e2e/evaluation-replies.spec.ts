import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { answersCsv, CHATQA_SUBJECTS, chatQaRelease } from "../lib/evaluation/__fixtures__/benchmark-files";
import { clinaudit } from "./support/cli";
import { signInAs } from "./support/users";

test("an organizer uploads an answers_<model>.csv with one unparseable reply; page, export and CLI agree", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  // An EHRNote-ChatQA release of its own (a fresh tag, so a fresh checksum) and one model's
  // answer file as the benchmark writes it: every reply right except one that names no letter.
  const dir = testInfo.outputPath("chatqa");
  fs.mkdirSync(dir, { recursive: true });
  const tag = `e2e-replies-${Date.now()}`;
  const release = chatQaRelease(CHATQA_SUBJECTS, tag);
  const notes = path.join(dir, "notes.csv");
  const questions = path.join(dir, "questions.csv");
  fs.writeFileSync(notes, release["notes.csv"]);
  fs.writeFileSync(questions, release["questions.csv"]);
  const replies = CHATQA_SUBJECTS.map((s) => ({
    subject: s.subject,
    category: s.category,
    replies: Object.fromEntries(
      s.gold.flatMap(([content, source], i) => [
        [String(i + 1), `Answer: ${content}`],
        [`${i + 1}-1`, source],
      ]),
    ),
  }));
  replies[1]!.replies["1-1"] = "Based on the notes, the source cannot be told.";
  const answers = path.join(dir, "answers_e2e-model-7B.csv");
  fs.writeFileSync(answers, answersCsv(replies));

  await signInAs(page, "organizer");
  await page.goto("/datasets");
  const name = `Replies e2e ${Date.now()}`;
  await page.getByLabel("Files").setInputFiles([notes, questions]);
  await page.getByLabel("Dataset name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-report")).toContainText(`Imported ${name} v1`);

  await page.goto("/evaluations");
  const option = await page
    .getByLabel("Dataset")
    .locator("option", { hasText: `${name} v1` })
    .getAttribute("value");
  await page.getByLabel("Dataset").selectOption(option!);
  await page.getByLabel("Prediction file").setInputFiles(answers);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("prediction-report")).toContainText("Imported");
  await page.getByTestId("prediction-report").getByRole("link").click();
  await expect(page.getByTestId("accuracy-table")).toBeVisible({ timeout: 120_000 });

  // The unparseable reply is counted, named and scored wrong: 7 of 8 QAs paired-correct.
  const row = page.getByTestId("replies-table").locator('tr[data-model="e2e-model-7B"]');
  await expect(row.getByTestId("unparseable-count")).toHaveText("1");
  await expect(row.getByTestId("unparseable-items")).toHaveText("910002:diagnosis turn 2");
  await expect(page.locator('[data-testid="accuracy-table"] td[data-model="e2e-model-7B"] [data-testid="accuracy-value"]')).toHaveText(
    /^87\.5 ± /,
  );

  // The downloads are byte for byte what `clinaudit evaluate` prints for the same files.
  const setUrl = new URL(page.url()).pathname;
  for (const [file, format] of [
    ["evaluation.json", "json"],
    ["evaluation.csv", "csv"],
    ["evaluation.tex", "latex"],
  ] as const) {
    const response = await page.request.get(`/api${setUrl}/export/${file}`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe(
      clinaudit(["evaluate", "--dataset", notes, questions, "--predictions", answers, "--format", format]),
    );
  }
});
