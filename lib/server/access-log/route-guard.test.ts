// Only admins read the access log: the CSV route refuses everyone else before any query, and the
// page's permission is granted to no other role (the page guard is pageContext("access-log:read")).
import fs from "node:fs";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { clinician, fake, organizer, resetFakes } from "@/tests/support/guards";
import { GET } from "@/app/api/admin/access-log/route";

vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/guards")).mocks.intl());
vi.mock("../auth/current-user", async () => (await import("@/tests/support/guards")).mocks.session());
vi.mock("../../db", async () => (await import("@/tests/support/guards")).mocks.db());
vi.mock("../log", async () => (await import("@/tests/support/guards")).mocks.log());
vi.mock("../../env", () => ({ env: () => ({ CLINAUDIT_TRUST_PROXY: false, CLINAUDIT_ACCESS_LOG_DAYS: 400 }) }));

const get = () => new Request("http://localhost:3000/api/admin/access-log?patient=P1", { headers: { host: "localhost:3000" } });
const next = { params: Promise.resolve({}) };

describe("the access log's CSV route", () => {
  beforeEach(resetFakes);

  it("answers signed out 401 and organizers and clinicians 403, reading nothing", async () => {
    expect((await GET(get(), next)).status).toBe(401);
    for (const user of [organizer, clinician]) {
      fake.user = user;
      const response = await GET(get(), next);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "FORBIDDEN" });
    }
    expect(fake.logged).toEqual([]); // the fake database was never reached
  });

  it("lets an admin through to the query", async () => {
    fake.user = { ...organizer, id: "u-adm", role: "ADMIN" };
    const response = await GET(get(), next);
    expect(response.status).toBe(200);
    // The fake database has no tables: the streamed CSV fails at its first query, so the admin reached it.
    await expect(response.text()).rejects.toThrow();
  });

  it("guards the page with the admin-only permission", () => {
    expect(fs.readFileSync("app/admin/access-log/page.tsx", "utf8")).toContain('pageContext("access-log:read")');
  });
});
