import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { clinaudit } from "./support/cli";
import { ownServer } from "./support/own-server";
import { signInAs } from "./support/users";

// Uploads of real size through the page: a generated benchmark larger than the 10 MiB that
// Next's proxy would cut, with progress for the transfer and the server's checking and writing;
// identical uploads at once; and a server with a small CLINAUDIT_MAX_UPLOAD refusing more.

/** Records every phase the progress bar shows, from before the click to the result. */
async function watchPhases(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __phases: string[] }).__phases = seen;
    const note = () => {
      const phase = document.querySelector("[data-testid=upload-progress]")?.getAttribute("data-phase");
      if (phase && seen[seen.length - 1] !== phase) seen.push(phase);
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-phase"],
    });
  });
  return () => page.evaluate(() => (window as unknown as { __phases: string[] }).__phases);
}

test("an organizer uploads a benchmark larger than 10 MiB and follows its progress to the counts", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const dir = testInfo.outputPath("generated");
  clinaudit([
    "generate",
    "--kind",
    "ehr",
    "--size",
    "full",
    "--patients",
    "40",
    "--seed",
    `e2e-upload-${Date.now()}`,
    "--jsonl",
    "--out",
    dir,
  ]);
  const patients = path.join(dir, "patients.jsonl");
  const instances = path.join(dir, "instances.jsonl");
  expect(fs.statSync(patients).size).toBeGreaterThan(10 * 1024 * 1024);
  const patientLines = fs.readFileSync(patients, "utf8").trimEnd().split("\n");
  const events = patientLines.reduce((n, line) => n + ((JSON.parse(line) as { events?: unknown[] }).events?.length ?? 0), 0);
  const items = fs.readFileSync(instances, "utf8").trimEnd().split("\n").length;

  await signInAs(page, "organizer");
  await page.goto("/datasets");
  await expect(page.getByText(/Up to 2 GiB per upload/)).toBeVisible();
  const name = `Large upload ${Date.now()}`;
  await page.getByLabel("Files").setInputFiles([patients, instances]);
  await page.getByLabel("Dataset name", { exact: true }).fill(name);
  const phases = await watchPhases(page);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toBeVisible();
  await expect(page.getByTestId("import-report")).toContainText(
    `Imported ${name} v1: ${patientLines.length} patients, ${events.toLocaleString("en")} events, 0 notes, ${items} items`,
    { timeout: 240_000 },
  );
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  const seen = await phases();
  for (const phase of ["uploading", "validating", "writing"]) expect(seen).toContain(phase);
  expect(seen.indexOf("uploading")).toBeLessThan(seen.indexOf("validating"));
  expect(seen.indexOf("validating")).toBeLessThan(seen.indexOf("writing"));
  await expect(page.getByRole("link", { name })).toBeVisible();
});

test("five identical uploads at once: one import, four told where it is", async ({ page }) => {
  await signInAs(page, "organizer");
  const bytes = fs
    .readFileSync(path.resolve("e2e/fixtures/ehr-small.json"), "utf8")
    .replace("Immediate delivery", `Immediate delivery ${Date.now()}`);
  const name = `Concurrent ${Date.now()}`;
  const responses = await Promise.all(
    Array.from({ length: 5 }, () =>
      page.request.post("/api/datasets/import", {
        multipart: { name, files: { name: "same.json", mimeType: "application/json", buffer: Buffer.from(bytes) } },
      }),
    ),
  );
  expect(responses.map((r) => r.status())).toEqual([200, 200, 200, 200, 200]);
  const bodies = (await Promise.all(responses.map((r) => r.json()))) as { status: string; name: string; version: number }[];
  expect(bodies.filter((b) => b.status === "imported")).toHaveLength(1);
  expect(bodies.filter((b) => b.status === "unchanged")).toEqual(Array(4).fill(expect.objectContaining({ name, version: 1 })));
});

const capPort = Number(process.env.E2E_UPLOAD_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 5);
const capDir = `${process.env.E2E_DATA_DIR ?? "./data/e2e"}-upload-cap`;

/** A multipart POST without Content-Length (chunked), so the server can only count what arrives. */
function chunkedUpload(url: string, cookie: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const boundary = "----e2e-chunked";
    const req = http.request(url, {
      method: "POST",
      headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}`, "transfer-encoding": "chunked" },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.jsonl"\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, "x");
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

test("over CLINAUDIT_MAX_UPLOAD: refused with the limit and the command line, nothing written", async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  test.skip(!!process.env.E2E_DATABASE_URL, "the cap is the same code on either database; this server of its own runs on SQLite");
  const server = ownServer(capPort, capDir);
  const before = process.env.CLINAUDIT_MAX_UPLOAD;
  process.env.CLINAUDIT_MAX_UPLOAD = "1MiB";
  try {
    await server.start({ fresh: true });
  } finally {
    if (before === undefined) delete process.env.CLINAUDIT_MAX_UPLOAD;
    else process.env.CLINAUDIT_MAX_UPLOAD = before;
  }
  try {
    const page = await (await browser.newContext({ baseURL: server.url })).newPage();
    await signInAs(page, "organizer");
    await page.goto("/datasets");
    const big = testInfo.outputPath("big.json");
    fs.writeFileSync(big, JSON.stringify({ padding: "x".repeat(2 * 1024 * 1024) }));

    // The page knows the limit and says so before sending anything.
    await expect(page.getByText("Up to 1 MiB per upload")).toBeVisible();
    await page.getByLabel("Files").setInputFiles(big);
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByTestId("import-error")).toContainText("larger than this server's limit of 1 MiB");
    await expect(page.getByTestId("import-error")).toContainText("npx clinaudit import <files…>");

    // The server refuses on its own: a declared length over the cap, before reading the body…
    const declared = await page.request.post("/api/datasets/import", {
      multipart: { files: { name: "big.json", mimeType: "application/json", buffer: fs.readFileSync(big) } },
    });
    expect(declared.status()).toBe(413);
    expect(((await declared.json()) as { error: string }).error).toMatch(/limit of 1 MiB.*npx clinaudit import/);

    // …and a chunked body without a length, counted as it arrives (the connection then closes).
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const chunked = await chunkedUpload(`${server.url}/api/datasets/import`, cookie, 8 * 1024 * 1024);
    expect(chunked.status).toBe(413);
    expect(chunked.body).toContain("1 MiB");

    // Nothing written: no dataset, no temporary file left behind.
    const uploads = path.join(capDir, "uploads");
    expect(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []).toEqual([]);
    const datasets = await page.request.get("/datasets");
    expect(await datasets.text()).not.toContain("big.json");

    // A file under the cap still imports on this server.
    await page.getByLabel("Files").setInputFiles(path.resolve("e2e/fixtures/ehr-small.json"));
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByTestId("import-report")).toContainText("1 patients, 3 events, 0 notes, 1 items");
  } finally {
    await server.kill();
  }
});
