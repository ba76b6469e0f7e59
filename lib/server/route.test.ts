import { beforeEach, describe, expect, it, vi } from "vitest";
import { clinician, fake, organizer, resetFakes } from "@/tests/support/guards";
import { AppError, notFoundError } from "./errors";
import { guardedRoute, isCrossOrigin, openRoute } from "./route";

vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/guards")).mocks.intl());
vi.mock("./auth/current-user", async () => (await import("@/tests/support/guards")).mocks.session());
vi.mock("../db", async () => (await import("@/tests/support/guards")).mocks.db());
vi.mock("./log", async () => (await import("@/tests/support/guards")).mocks.log());
vi.mock("../env", () => ({ env: () => ({ CLINAUDIT_TRUST_PROXY: false }) }));

const get = (path = "/api/x") => new Request(`http://localhost:3000${path}`, { headers: { host: "localhost:3000" } });
const post = (origin: string) =>
  new Request("http://localhost:3000/api/x", { method: "POST", headers: { host: "localhost:3000", origin } });
const params = <P>(p: P) => ({ params: Promise.resolve(p) });
const body = async (r: Response) => ({ status: r.status, json: await r.json() });

describe("guardedRoute", () => {
  beforeEach(resetFakes);

  it("hands the handler the user, the database and the params", async () => {
    fake.user = organizer;
    const route = guardedRoute<{ auditId: string }>("audits:manage", async ({ user, db, params: { auditId } }) =>
      Response.json({ user: user.id, db, auditId }),
    );
    expect(await body(await route(get(), params({ auditId: "a1" })))).toEqual({
      status: 200,
      json: { user: "u-org", db: { fake: "db" }, auditId: "a1" },
    });
  });

  it("answers signed out 401, a temporary password and a missing role 403, in the reader's language", async () => {
    const route = guardedRoute("audits:manage", async () => new Response("never"));
    expect(await body(await route(get(), params({})))).toEqual({ status: 401, json: { error: "Sign in first.", code: "SIGNED_OUT" } });
    fake.mustChange = true;
    expect(await body(await route(get(), params({})))).toEqual({
      status: 403,
      json: { error: "Change your temporary password first.", code: "FORBIDDEN", passwordMustChange: true },
    });
    fake.mustChange = false;
    fake.user = clinician;
    fake.locale = "zh-CN";
    expect(await body(await route(get(), params({})))).toEqual({
      status: 403,
      json: { error: "您的角色不允许此操作。", code: "FORBIDDEN" },
    });
  });

  it("refuses a cross-site POST before reading the session", async () => {
    fake.user = organizer;
    const route = guardedRoute("audits:manage", async () => new Response("ok"));
    expect(await body(await route(post("https://evil.example"), params({})))).toEqual({
      status: 403,
      json: { error: "Cross-site requests are not accepted.", code: "FORBIDDEN" },
    });
    expect((await route(post("http://localhost:3000"), params({}))).status).toBe(200);
  });

  it("maps a typed failure to its status and catalog message, with its body, in en and zh", async () => {
    fake.user = clinician;
    const missing = guardedRoute("signed-in", async () => {
      throw notFoundError();
    });
    expect(await body(await missing(get(), params({})))).toEqual({
      status: 404,
      json: { error: "It does not exist, or it is not yours to see.", code: "NOT_FOUND" },
    });
    fake.locale = "zh-CN";
    expect(await body(await missing(get(), params({})))).toEqual({
      status: 404,
      json: { error: "该内容不存在，或您无权查看。", code: "NOT_FOUND" },
    });
    const invalid = guardedRoute("signed-in", async () => {
      throw new AppError("CONFLICT", { key: "adjudication.errors.correctedInvalid" }, undefined, { issues: [{ field: "x" }], total: 1 });
    });
    fake.locale = "en";
    expect(await body(await invalid(get(), params({})))).toEqual({
      status: 409,
      json: { error: "The corrected benchmark did not pass the importer's checks.", code: "CONFLICT", issues: [{ field: "x" }], total: 1 },
    });
  });

  it("logs an unexpected error and answers 500 with the generic message", async () => {
    fake.user = organizer;
    const route = guardedRoute("audits:manage", async () => {
      throw new Error("disk full");
    });
    expect(await body(await route(get(), params({})))).toEqual({
      status: 500,
      json: { error: "Something went wrong. Nothing was changed; please try again." },
    });
    expect(fake.logged).toHaveLength(1);
    const open = openRoute("health", async () => {
      throw new Error("boom");
    });
    expect((await open(get())).status).toBe(500);
  });
});

const req = (headers: Record<string, string>) => new Request("http://localhost:3000/api/x", { method: "POST", headers });

describe("isCrossOrigin", () => {
  it("accepts same-site and origin-less requests", () => {
    expect(isCrossOrigin(req({ host: "localhost:3000", origin: "http://localhost:3000" }), false)).toBe(false);
    expect(isCrossOrigin(req({ host: "localhost:3000" }), false)).toBe(false);
  });
  it("refuses another site and malformed origins", () => {
    expect(isCrossOrigin(req({ host: "localhost:3000", origin: "https://evil.example" }), false)).toBe(true);
    expect(isCrossOrigin(req({ host: "localhost:3000", origin: "null" }), false)).toBe(true);
  });
  it("believes X-Forwarded-Host only behind a trusted proxy (issue 16, finding 6)", () => {
    const spoofed = req({ host: "localhost:3000", origin: "https://evil.example", "x-forwarded-host": "evil.example" });
    expect(isCrossOrigin(spoofed, false)).toBe(true);
    expect(isCrossOrigin(req({ host: "localhost:3000", origin: "http://localhost:3000", "x-forwarded-host": "evil.example" }), false)).toBe(
      false,
    );
    // Behind the proxy: the public host it recorded (its own, last entry) is the site.
    const proxied = req({ host: "app:3000", origin: "https://clinaudit.example", "x-forwarded-host": "clinaudit.example" });
    expect(isCrossOrigin(proxied, true)).toBe(false);
    expect(isCrossOrigin(proxied, false)).toBe(true);
    expect(
      isCrossOrigin(req({ host: "app:3000", origin: "https://evil.example", "x-forwarded-host": "evil.example, clinaudit.example" }), true),
    ).toBe(true);
  });
});
