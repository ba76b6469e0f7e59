// Issue 31: a disk error other than a full disk (EIO, EACCES, EROFS) is answered 500 with words
// that name the file and the disk's problem, in English and Chinese — not "failed unexpectedly".
import { createTranslator } from "use-intl/core";
import { describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import { refusal, writeProblem } from "./refusal";
import { writeFailedMessage } from "./write-failed-message";

const intl = vi.hoisted(() => ({ locale: "en" as "en" | "zh-CN" }));
vi.mock("@/lib/i18n/server", () => ({
  getTranslations: async (namespace?: string) =>
    createTranslator({ locale: intl.locale, messages: MESSAGES[intl.locale], namespace: namespace as "common" }),
}));
vi.mock("@/lib/server/log", async () => (await import("@/tests/support/guards")).mocks.log());

const ioError = Object.assign(new Error("EIO: i/o error, write"), { code: "EIO" });
const messages = { tooLarge: () => "", malformed: "", failed: "unexpected", diskFull: "" };

describe("an upload a disk error dropped", () => {
  it("is answered 500 WRITE_FAILED with the words naming the file and the problem", async () => {
    intl.locale = "en";
    const failure = { reason: "write-failed" as const, error: ioError, file: "notes.csv" };
    const answer = refusal(failure, { ...messages, writeFailed: await writeFailedMessage(failure) });
    expect(answer.status).toBe(500);
    expect(answer.headers.get("connection")).toBe("close");
    const body = (await answer.json()) as { error: string; code: string };
    expect(body.code).toBe("WRITE_FAILED");
    expect(body.error).toContain("“notes.csv”");
    expect(body.error).toContain("input/output error (EIO)");
    expect(body.error).toContain("nothing was kept");
  });

  it("says which problem, and speaks Chinese to a Chinese user", async () => {
    const codes = [ioError, { code: "EACCES" }, { code: "EPERM" }, { code: "EROFS" }, { code: "EBUSY" }, null];
    expect(codes.map(writeProblem)).toEqual(["io", "permission", "permission", "readOnly", "other", "other"]);
    intl.locale = "zh-CN";
    expect(await writeFailedMessage({ reason: "write-failed", error: { code: "EROFS" }, file: "a.csv" })).toBe(
      "服务器无法将“a.csv”写入其上传文件夹：磁盘为只读。上传已停止，未保留任何内容。请联系管理员检查上传文件夹（CLINAUDIT_DATA_DIR/uploads），然后重试。",
    );
    expect(await writeFailedMessage({ reason: "write-failed", error: { code: "EACCES" } })).toMatch(
      /^服务器无法为此次上传创建文件夹：服务器无权在该处写入/,
    );
    expect(await writeFailedMessage({ reason: "disk-full", error: {} })).toBe("");
  });
});
