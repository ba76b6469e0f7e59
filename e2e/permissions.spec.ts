import { gunzipSync } from "node:zlib";
import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { closeAudit, createOpenAudit, newPage, waitUntilSaved } from "./support/audits";
import { DEMO, OBGYN, signIn, signInAs, waitForShortcuts } from "./support/users";

// The role × route matrix: every page and route handler, for each role and an anonymous visitor,
// answers exactly what the permission map allows (200, 403 for a role, 404 for someone else's
// record, a redirect to sign-in without a session).
type Who = "anonymous" | "clinician" | "organizer" | "admin";
const WHO: Who[] = ["anonymous", "clinician", "organizer", "admin"];

async function requestAs(browser: Browser, who: Who): Promise<APIRequestContext> {
  const context = await browser.newContext();
  if (who !== "anonymous") {
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO[who].email);
    await page.getByLabel("Password").fill(DEMO[who].password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${DEMO[who].home}$`));
  }
  return context.request;
}

/** The main demo audit (demo clinician 1 is assigned to it; the Chinese demo audit is 王芳's only). */
function demoAuditId(auditsPage: string): string {
  return /href="\/audits\/(c[a-z0-9]{20,})"[^>]*>(?:<[^>]+>)*Demo audit: gold answers/.exec(auditsPage)![1]!;
}

test("every page and route answers each role as the permission map says", async ({ browser }) => {
  test.setTimeout(120_000);
  const as = Object.fromEntries(await Promise.all(WHO.map(async (w) => [w, await requestAs(browser, w)] as const))) as Record<
    Who,
    APIRequestContext
  >;

  // Ids of real records, found as the people who may see them.
  const auditId = demoAuditId(await (await as.organizer.get("/audits")).text());
  const datasets = await (await as.organizer.get("/datasets")).text();
  const datasetId = /href="\/datasets\/([^"/]+)"/.exec(datasets)![1]!;
  const items = await (await as.organizer.get(`/datasets/${datasetId}`)).text();
  const itemPath = /href="(\/datasets\/[^"/]+\/items\/[^"/]+)"/.exec(items)![1]!;
  const evaluations = await (await as.organizer.get("/evaluations")).text();
  const setId = /href="\/evaluations\/([^"/]+)"/.exec(evaluations)![1]!;
  const queue = await (await as.clinician.get("/review")).text();
  const reviewPath = /href="(\/review\/[^"/]+)"/.exec(queue)![1]!;

  // status per role: anonymous, clinician, organizer, admin ("login" = redirected to sign-in)
  const matrix: [string, string, (number | "login")[]][] = [
    ["GET", "/", ["login", 307, 307, 307]],
    ["GET", "/review", ["login", 200, 403, 403]],
    ["GET", reviewPath, ["login", 200, 403, 403]],
    // A rater's practice round; no round in the demo audit: back to the queue.
    ["GET", `/review/calibration/${auditId}`, ["login", 307, 403, 403]],
    ["GET", "/audits", ["login", 403, 200, 200]],
    ["GET", "/audits/new", ["login", 403, 200, 200]],
    ["GET", `/audits/${auditId}`, ["login", 403, 200, 200]],
    ["GET", `/audits/${auditId}/dashboard`, ["login", 403, 200, 200]],
    ["GET", `/audits/${auditId}/adjudicate`, ["login", 404, 200, 200]],
    ["GET", "/datasets", ["login", 403, 200, 200]],
    ["GET", `/datasets/${datasetId}`, ["login", 403, 200, 200]],
    ["GET", itemPath, ["login", 403, 200, 200]],
    ["GET", "/admin/users", ["login", 403, 403, 200]],
    ["GET", "/admin/audit-trail", ["login", 403, 403, 200]],
    ["GET", "/admin/sso", ["login", 403, 403, 200]],
    ["GET", "/api/admin/audit-trail", ["login", 403, 403, 200]],
    ["GET", "/account", ["login", 200, 200, 200]],
    ["GET", "/api/notifications", ["login", 200, 200, 200]],
    ["GET", "/api/health", [200, 200, 200, 200]],
    ["GET", `/api/audits/${auditId}/export/report.json`, ["login", 403, 200, 200]],
    ["GET", `/api/audits/${auditId}/corrected/changelog.json`, ["login", 404, 200, 200]],
    ["GET", `/api/audits/${auditId}/backup`, ["login", 403, 403, 200]],
    // The upload routes are outside proxy.ts (their bodies must stream): the route answers 401 itself.
    ["POST", "/api/datasets/import", [401, 403, 400, 400]],
    ["GET", "/evaluations", ["login", 403, 200, 200]],
    ["GET", `/evaluations/${setId}`, ["login", 403, 200, 200]],
    ["GET", "/evaluations/no-such-set", ["login", 403, 404, 404]],
    ["GET", `/api/evaluations/${setId}/export/evaluation.json`, ["login", 403, 200, 200]],
    ["GET", `/api/evaluations/${setId}/export/evaluation.tex?baseline=no-such-scope`, ["login", 403, 400, 400]],
    ["GET", "/api/evaluations/no-such-set/export/evaluation.csv", ["login", 403, 404, 404]],
    ["POST", "/api/evaluations/import", [401, 403, 400, 400]],
  ];
  const problems: string[] = [];
  for (const [method, path, expected] of matrix) {
    for (const [i, who] of WHO.entries()) {
      const response = await as[who].fetch(path, { method, maxRedirects: 0, ...(method === "POST" ? { multipart: {} } : {}) });
      const status = response.status();
      const location = response.headers().location ?? "";
      const got = status >= 300 && status < 400 && location.includes("/login") ? "login" : status;
      if (got !== expected[i]) problems.push(`${method} ${path} as ${who}: expected ${expected[i]}, got ${got}`);
    }
  }
  expect(problems).toEqual([]);
});

test("a clinician adjudicator gets the change log and the adjudication views, never the corrected data files", async ({ browser }) => {
  test.setTimeout(120_000);
  // Clinician 1 adjudicates an audit rated by clinician 2, then the audit is closed.
  const name = `Adjudicator matrix ${Date.now()}`;
  const auditPath = await createOpenAudit(browser, { name, dataset: OBGYN, size: 2, clinicians: [2] });
  const auditId = auditPath.split("/").pop()!;
  // Clinician 2 rates the first item's gold answer "incorrect": a flagged item, so it is in the adjudication queue.
  const rater = await newPage(browser);
  await signIn(rater, "clinician2@demo.clinaudit", "demo-clinician-2026");
  await expect(rater).toHaveURL(/\/review$/);
  await rater
    .locator("section", { has: rater.getByRole("heading", { name }) })
    .getByRole("link", { name: /Next unrated/ })
    .click();
  await waitForShortcuts(rater);
  await rater.keyboard.press("2");
  await waitUntilSaved(rater);
  await expect(rater.getByText(/Saved \d/).first()).toBeVisible();
  await rater.context().close();
  const page = await newPage(browser);
  await signInAs(page, "organizer");
  await page.goto(auditPath);
  await page.getByLabel("Clinician adjudicator").selectOption({ label: "Dr. Chen Li" });
  await expect(page.getByLabel("Clinician adjudicator")).toHaveValue(/.+/);
  await closeAudit(page);
  await expect(page.getByTestId("reopen-note")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reopen" })).toBeDisabled();
  const queue = await (await page.request.get(`/audits/${auditId}/adjudicate`)).text();
  const itemPath = /href="(\/audits\/[^"/]+\/adjudicate\/[^"/]+)"/.exec(queue)![1]!;

  const as = { adjudicator: await requestAs(browser, "clinician"), organizer: page.request, admin: await requestAs(browser, "admin") };
  // status per role: the clinician adjudicator, organizer, admin
  const matrix: [string, number[]][] = [
    [`/audits/${auditId}/adjudicate`, [200, 200, 200]],
    [itemPath, [200, 200, 200]],
    [`/api/audits/${auditId}/corrected/changelog.json`, [200, 200, 200]],
    [`/api/audits/${auditId}/corrected/changelog.md`, [200, 200, 200]],
    [`/api/audits/${auditId}/corrected/ehr-decision-mcq.json`, [403, 200, 200]],
    [`/audits/${auditId}`, [403, 200, 200]],
    // Not one of its raters: the results are not theirs to see at all (404).
    [`/audits/${auditId}/dashboard`, [404, 200, 200]],
    [`/api/audits/${auditId}/export/ratings-long.csv`, [403, 200, 200]],
    [`/api/audits/${auditId}/backup`, [403, 403, 200]],
  ];
  const problems: string[] = [];
  for (const [path, expected] of matrix) {
    for (const [i, who] of (["adjudicator", "organizer", "admin"] as const).entries()) {
      const status = (await as[who].get(path, { maxRedirects: 0 })).status();
      if (status !== expected[i]) problems.push(`GET ${path} as ${who}: expected ${expected[i]}, got ${status}`);
    }
  }
  expect(problems).toEqual([]);
  // The adjudication page offers the adjudicator the change log only.
  const adjudicatePage = await (await as.adjudicator.get(`/audits/${auditId}/adjudicate`)).text();
  // (Downloads are buttons that fetch the file: the page names each offered file by its test id.)
  expect(adjudicatePage).toContain('data-testid="corrected-file-changelog.md"');
  expect(adjudicatePage).not.toContain('data-testid="corrected-file-ehr-decision-mcq.json"');
});

test("only admins are offered an audit's backup, and it is a gzip backup of that audit", async ({ browser }) => {
  const [organizer, admin] = await Promise.all([requestAs(browser, "organizer"), requestAs(browser, "admin")]);
  const auditId = demoAuditId(await (await organizer.get("/audits")).text());
  // The link's address, not its text: the page carries the whole message catalog, "Download backup" included.
  expect(await (await organizer.get(`/audits/${auditId}`)).text()).not.toContain(`/api/audits/${auditId}/backup`);
  expect(await (await admin.get(`/audits/${auditId}`)).text()).toContain(`/api/audits/${auditId}/backup`);
  const response = await admin.get(`/api/audits/${auditId}/backup`);
  expect(response.headers()["content-type"]).toBe("application/gzip");
  const first = gunzipSync(await response.body())
    .toString("utf8")
    .split("\n")[0]!;
  expect(JSON.parse(first)).toMatchObject({ format: "clinaudit-audit-backup", formatVersion: 3, audit: { id: auditId } });
});

test("security headers and session cookie flags", async ({ page }) => {
  const response = await page.goto("/login");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-powered-by"]).toBeUndefined();
  await page.getByLabel("Email").fill(DEMO.clinician.email);
  await page.getByLabel("Password").fill(DEMO.clinician.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/review$/);
  const session = (await page.context().cookies()).find((c) => c.name.endsWith("next-auth.session-token"));
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
});

test("state-changing routes refuse requests from another origin", async ({ browser }) => {
  const organizer = await requestAs(browser, "organizer");
  const response = await organizer.post("/api/datasets/import", { multipart: {}, headers: { origin: "https://evil.example" } });
  expect(response.status()).toBe(403);
});

test("a server action called from another site is refused 403, not run and not a 500", async ({ browser }) => {
  const clinician = await requestAs(browser, "clinician");
  // The action id does not matter: the origin is checked first (Next answered 500 here).
  const action = { "next-action": "7f".padEnd(42, "0"), "content-type": "text/plain;charset=UTF-8", accept: "text/x-component" };
  const response = await clinician.post("/review", { data: "[]", headers: { ...action, origin: "https://evil.example" } });
  expect(response.status()).toBe(403);
});
