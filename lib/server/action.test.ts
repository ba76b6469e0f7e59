import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { clinician, fake, organizer, resetFakes } from "@/tests/support/guards";
import { guardedAction } from "./action";
import { AppError, forbiddenError, notFoundError } from "./errors";

vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/guards")).mocks.intl());
vi.mock("next/navigation", async () => (await import("@/tests/support/guards")).mocks.navigation());
vi.mock("./auth/current-user", async () => (await import("@/tests/support/guards")).mocks.session());
vi.mock("../db", async () => (await import("@/tests/support/guards")).mocks.db());
vi.mock("./log", async () => (await import("@/tests/support/guards")).mocks.log());

const schema = z.strictObject({ auditId: z.string().min(1, "audits.validation.name") });

describe("guardedAction", () => {
  beforeEach(resetFakes);

  it("hands the handler the user, the database and authorize's grant", async () => {
    fake.user = organizer;
    const action = guardedAction("audits:manage", schema, {
      authorize: async ({ auditId }, { user }) => ({ auditId, by: user.id }),
      handler: async (input, { user, db, scope }) => ({ input, user: user.id, db, scope }),
    });
    expect(await action({ auditId: "a1" })).toEqual({
      ok: true,
      data: { input: { auditId: "a1" }, user: "u-org", db: { fake: "db" }, scope: { auditId: "a1", by: "u-org" } },
    });
  });

  it("runs authorize after validation and refuses before the handler, in the reader's language", async () => {
    fake.user = clinician;
    const handler = vi.fn(async () => "done");
    const authorize = vi.fn(async () => {
      throw notFoundError();
    });
    const action = guardedAction("signed-in", schema, { authorize, handler });
    expect(await action({ auditId: "" })).toMatchObject({ ok: false, code: "INVALID", fieldErrors: { auditId: "Name the audit" } });
    expect(authorize).not.toHaveBeenCalled();
    expect(await action({ auditId: "a1" })).toEqual({
      ok: false,
      code: "NOT_FOUND",
      error: "It does not exist, or it is not yours to see.",
    });
    fake.locale = "zh-CN";
    expect(await action({ auditId: "a1" })).toEqual({ ok: false, code: "NOT_FOUND", error: "该内容不存在，或您无权查看。" });
    expect(handler).not.toHaveBeenCalled();
  });

  it("words a typed failure from its catalog key, in English and Chinese", async () => {
    fake.user = organizer;
    const action = guardedAction("audits:manage", schema, async () => {
      throw new AppError("CONFLICT", { key: "audits.errors.sizeExceedsFrame", values: { size: 9, frameSize: 3 } });
    });
    expect(await action({ auditId: "a" })).toEqual({
      ok: false,
      code: "CONFLICT",
      error: "Sample size 9 exceeds the frame size 3; sampling is without replacement.",
    });
    fake.locale = "zh-CN";
    const zh = await action({ auditId: "a" });
    expect(zh).toMatchObject({ ok: false, code: "CONFLICT" });
    expect(!zh.ok && zh.error).toContain("9");
    expect(!zh.ok && zh.error).not.toContain("Sample size");
  });

  it("carries a conflict's current value and translates field messages", async () => {
    fake.user = clinician;
    const action = guardedAction("review:rate", schema, async (): Promise<{ version: number }> => {
      throw new AppError("CONFLICT", { key: "review.errors.conflict" }, undefined, { current: { version: 4 } });
    });
    expect(await action({ auditId: "a" })).toMatchObject({ ok: false, code: "CONFLICT", conflict: { current: { version: 4 } } });
    fake.locale = "zh-CN";
    expect(await action({ auditId: "" })).toMatchObject({ fieldErrors: { auditId: "请填写审核任务名称" } });
  });

  it("logs an unexpected error and answers the calm generic message", async () => {
    fake.user = organizer;
    const action = guardedAction("audits:manage", schema, async () => {
      throw new Error("connection reset");
    });
    expect(await action({ auditId: "a" })).toEqual({ ok: false, error: "Something went wrong. Nothing was changed; please try again." });
    expect(fake.logged).toHaveLength(1);
  });

  it("answers a save that still met a busy SQLite writer with the try-again message", async () => {
    fake.user = clinician;
    const action = guardedAction("review:rate", schema, async () => {
      throw Object.assign(new Error("Operation has timed out"), { code: "P1008" });
    });
    expect(await action({ auditId: "a" })).toEqual({
      ok: false,
      error: "The database is busy with another process's write. Nothing was changed; please try again in a moment.",
    });
    fake.locale = "zh-CN";
    expect(await action({ auditId: "a" })).toEqual({ ok: false, error: "数据库正忙于另一个进程的写入。未做任何更改；请稍后重试。" });
  });

  it("says signed out, or the temporary password, as a result the page can act on", async () => {
    const action = guardedAction("audits:manage", schema, async () => "never");
    expect(await action({ auditId: "a" })).toMatchObject({
      ok: false,
      signedOut: true,
      error: "You were signed out. Sign in again; nothing was changed.",
    });
    fake.mustChange = true;
    expect(await action({ auditId: "a" })).toMatchObject({ ok: false, passwordMustChange: true });
  });

  it("refuses a role without the permission with Next's 403", async () => {
    fake.user = clinician;
    const action = guardedAction("audits:manage", schema, async () => "never");
    await expect(action({ auditId: "a" })).rejects.toThrow(/403/);
    const scoped = guardedAction("signed-in", schema, {
      authorize: async () => {
        throw forbiddenError();
      },
      handler: async () => "never",
    });
    expect(await scoped({ auditId: "a" })).toEqual({ ok: false, code: "FORBIDDEN", error: "Your role does not allow this." });
  });
});
