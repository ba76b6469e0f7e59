// The agreement tool's route: organizers and admins only. A clinician (or a signed-out caller) is
// refused before a byte of the file is read or a thread started; an organizer gets the report.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { clinician, fake, organizer, resetFakes } from "@/tests/support/guards";
import { POST } from "@/app/api/agreement/route";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agreement-route-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/guards")).mocks.intl());
vi.mock("../auth/current-user", async () => (await import("@/tests/support/guards")).mocks.session());
vi.mock("../../db", async () => (await import("@/tests/support/guards")).mocks.db());
vi.mock("../log", async () => (await import("@/tests/support/guards")).mocks.log());
vi.mock("../../env", () => ({ env: () => ({ CLINAUDIT_TRUST_PROXY: false, CLINAUDIT_DATA_DIR: dataDir, CLINAUDIT_THREAD_NICE: 0 }) }));

const CSV = "item,rater,category\n0012,a,yes\n12,b,yes\n0013,a,no\n0013,b,no\n";
let bodyRead = false;

function upload(text = CSV): Request {
  const form = new FormData();
  form.set("file", new File([text], "ratings.csv", { type: "text/csv" }));
  const request = new Request("http://localhost:3000/api/agreement", { method: "POST", body: form, headers: { host: "localhost:3000" } });
  const original = request.body!;
  // Records whether anything read the body (a refused caller's file must not be).
  Object.defineProperty(request, "body", { get: () => ((bodyRead = true), original) });
  return request;
}
const next = { params: Promise.resolve({}) };

describe("POST /api/agreement", () => {
  beforeEach(() => {
    resetFakes();
    bodyRead = false;
  });

  it("refuses signed out (401) and a clinician (403) without reading the file", async () => {
    expect((await POST(upload(), next)).status).toBe(401);
    fake.user = clinician;
    const response = await POST(upload(), next);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "FORBIDDEN" });
    expect(bodyRead).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "uploads")) && fs.readdirSync(path.join(dataDir, "uploads")).length).toBeFalsy();
  });

  it("answers an organizer and an admin with the report and the warnings, keeping no file", async () => {
    for (const user of [organizer, { ...organizer, id: "u-adm", role: "ADMIN" as const }]) {
      fake.user = user;
      const response = await POST(upload(), next);
      expect(response.status).toBe(200);
      const result = await response.json();
      expect(result.dimensions[0].agreement.coefficients.gwetAc1.coeff).toEqual(expect.any(Number));
      expect(result.warnings.map((w: { code: string }) => w.code)).toContain("idClash");
    }
    expect(fs.readdirSync(path.join(dataDir, "uploads"))).toEqual([]);
  });

  it("guards the page with the organizers' permission, and the route leaves the proxy (the body streams)", () => {
    expect(fs.readFileSync("app/audits/agreement/page.tsx", "utf8")).toContain('pageContext("audits:manage")');
    expect(fs.readFileSync("proxy.ts", "utf8")).toContain("api/agreement$");
  });

  it("a refused file is answered 422 with its located code", async () => {
    fake.user = organizer;
    const response = await POST(upload("item,rater\nq1,a\n"), next);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ refused: "invalid", error: { line: 1, field: "category", code: "missingColumn" } });
  });
});
