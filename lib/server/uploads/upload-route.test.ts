// uploadRoute: whatever the handler does (answers, throws, streams), the upload's temporary files
// are gone once the answer is complete; a body over the cap never reaches the handler; a failure
// is logged and answered in the upload's own words, in the reader's language.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import { fake, organizer, resetFakes } from "@/tests/support/guards";
import type { UploadContext } from "./upload-route";
import { uploadRoute } from "./upload-route";

const dataDir = vi.hoisted(() => ({ path: "" }));
vi.mock("@/lib/i18n/server", async () => {
  const { createTranslator } = await import("use-intl/core");
  const { fake } = await import("@/tests/support/guards");
  const { MESSAGES } = await import("@/lib/i18n/messages");
  return {
    getTranslations: async (namespace?: never) => createTranslator({ locale: fake.locale, messages: MESSAGES[fake.locale], namespace }),
  };
});
vi.mock("@/lib/server/auth/current-user", async () => (await import("@/tests/support/guards")).mocks.session());
vi.mock("@/lib/db", async () => (await import("@/tests/support/guards")).mocks.db());
vi.mock("@/lib/server/log", async () => (await import("@/tests/support/guards")).mocks.log());
vi.mock("@/lib/env", () => ({ env: () => ({ CLINAUDIT_TRUST_PROXY: false, CLINAUDIT_DATA_DIR: dataDir.path }) }));

dataDir.path = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-upload-route-"));
afterAll(() => fs.rmSync(dataDir.path, { recursive: true, force: true }));

const options = { maxBytes: () => 64 * 1024, messages: "evaluation.upload.errors", scope: "test upload" } as const;
const none = { params: Promise.resolve({}) };

function post(text: string, accept?: string): Request {
  const form = new FormData();
  form.set("name", "a set");
  form.set("file", new File([text], "predictions.csv"));
  return new Request("http://localhost:3000/api/x", { method: "POST", body: form, headers: accept ? { accept } : {} });
}

/** The handler's view of the upload, kept to look at its files after the answer. */
function seen() {
  const uploads: UploadContext["upload"][] = [];
  const exists = () => uploads.flatMap((u) => u.files).map((f) => fs.existsSync(f.path));
  return { uploads, exists };
}

describe("uploadRoute", () => {
  beforeEach(() => {
    resetFakes();
    fake.user = organizer;
  });

  it("hands the handler the files and fields, answers its JSON, then removes the files", async () => {
    const s = seen();
    const route = uploadRoute("evaluations:manage", options, async ({ upload, user }) => {
      s.uploads.push(upload);
      const file = upload.files[0]!;
      return { status: 201, body: { user: user.id, name: upload.fields.get("name"), text: fs.readFileSync(file.path, "utf8") } };
    });
    const response = await route(post("model,item\n"), none);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ user: "u-org", name: "a set", text: "model,item\n" });
    expect(s.exists()).toEqual([false]);
  });

  it("a handler that throws: logged, 500 in the upload's words and the reader's language, files removed", async () => {
    const s = seen();
    const route = uploadRoute("evaluations:manage", options, async ({ upload }) => {
      s.uploads.push(upload);
      throw new Error("disk on fire");
    });
    fake.locale = "zh-CN";
    const response = await route(post("x"), none);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: MESSAGES["zh-CN"].evaluation.upload.errors.unexpected });
    expect(fake.logged).toHaveLength(1);
    expect(s.exists()).toEqual([false]);
  });

  it("streams the handler's progress when asked, then its result line; the files are removed after it", async () => {
    const s = seen();
    const route = uploadRoute("evaluations:manage", options, async ({ upload, send }) => {
      s.uploads.push(upload);
      send?.({ type: "progress", phase: "validating", done: 1, total: 2 });
      expect(s.exists()).toEqual([true]);
      return { status: 422, body: { status: "invalid" } };
    });
    const response = await route(post("x", "application/x-ndjson"), none);
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { type: "progress", phase: "validating", done: 1, total: 2 },
      { type: "result", status: 422, body: { status: "invalid" } },
    ]);
    expect(s.exists()).toEqual([false]);
  });

  it("refuses a body over the cap with the limit, before the handler; nothing stays on disk", async () => {
    const handler = vi.fn(async () => ({ status: 200, body: {} }));
    const route = uploadRoute("evaluations:manage", { ...options, maxBytes: () => 1024 }, handler);
    const response = await route(post("x".repeat(4096)), none);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ limit: 1024 });
    expect(handler).not.toHaveBeenCalled();
    const uploads = path.join(dataDir.path, "uploads");
    const left = fs.existsSync(uploads) ? fs.readdirSync(uploads, { recursive: true }).filter((f) => !String(f).startsWith(".")) : [];
    expect(left.filter((f) => fs.statSync(path.join(uploads, String(f))).isFile())).toEqual([]);
  });

  it("a signed-in user without the permission is refused before the body is read", async () => {
    fake.user = { ...organizer, role: "CLINICIAN" };
    const handler = vi.fn(async () => ({ status: 200, body: {} }));
    const response = await uploadRoute("evaluations:manage", options, handler)(post("x"), none);
    expect(response.status).toBe(403);
    expect(handler).not.toHaveBeenCalled();
  });
});
