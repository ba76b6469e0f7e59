import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_AUDIT, newPage, openDemoDashboard } from "./support/audits";
import { signInAs, waitForShortcuts } from "./support/users";

const hasR = spawnSync("Rscript", ["--version"]).status === 0 || process.env.CLINAUDIT_REQUIRE_R === "1";

/** Downloads the package from the dashboard as the organizer would, unzips it, reruns the scripts. */
async function downloadAndRerun(organizer: Page): Promise<{ sha: string; files: string[] }> {
  const [download] = await Promise.all([
    organizer.waitForEvent("download"),
    organizer.getByRole("link", { name: "Reproducibility package (.zip)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-reproducibility\.zip$/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-e2e-package-"));
  const zip = path.join(dir, download.suggestedFilename());
  await download.saveAs(zip);
  expect(spawnSync("unzip", ["-q", zip, "-d", path.join(dir, "out")]).status).toBe(0);
  const out = path.join(dir, "out");
  expect(spawnSync("sha256sum", ["-c", "--quiet", "SHA256SUMS"], { cwd: out }).status).toBe(0);
  const py = spawnSync("python3", ["reproduce.py"], { cwd: out, encoding: "utf8" });
  expect(py.stdout + py.stderr).toMatch(/All \d+ numbers agree with the report/);
  expect(py.status).toBe(0);
  if (hasR) {
    const r = spawnSync("Rscript", ["reproduce.R"], { cwd: out, encoding: "utf8" });
    expect(r.stdout + r.stderr).toMatch(/All \d+ numbers agree with the report/);
    expect(r.status).toBe(0);
  }
  const sha = spawnSync("sha256sum", [zip], { encoding: "utf8" }).stdout.split(" ")[0]!;
  const files = fs.readdirSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return { sha, files };
}

// The organizer downloads the demo audit's package and reruns it; a clinician then rates a case in
// the browser; the new package differs, reruns too, and downloading it twice gives the same bytes.
test("the reproducibility package reruns in Python and R, before and after a new rating", async ({ browser }) => {
  // Pages earlier specs left open in this worker's browser keep reporting their raters' active
  // time (every 15 s, up to a minute after the last key): the audit's state, and so its package,
  // would change between two downloads. Closing them reports the rest now, before the first one.
  for (const context of browser.contexts()) await context.close();
  const organizer = await newPage(browser);
  await openDemoDashboard(organizer);
  const before = await downloadAndRerun(organizer);
  expect(before.files).toEqual(
    expect.arrayContaining(["audit.json", "ratings-long.csv", "report.json", "reproduce.py", "reproduce.R", "SHA256SUMS"]),
  );
  expect((await downloadAndRerun(organizer)).sha).toBe(before.sha);

  const clinician = await newPage(browser);
  await signInAs(clinician, "clinician");
  // Not for raters: the package holds every rater's ratings.
  const auditId = new URL(organizer.url()).pathname.split("/")[2]!;
  expect((await clinician.request.get(`/api/audits/${auditId}/package`)).status()).toBe(403);
  await clinician
    .locator("section", { has: clinician.getByRole("heading", { name: DEMO_AUDIT }) })
    .getByRole("link", { name: /Next unrated/ })
    .click();
  await waitForShortcuts(clinician);
  await clinician.keyboard.press("1");
  await clinician.keyboard.press("1");
  await expect(clinician.getByText(/Saved \d/).first()).toBeVisible();

  await organizer.reload();
  const after = await downloadAndRerun(organizer);
  expect(after.sha).not.toBe(before.sha);
});
