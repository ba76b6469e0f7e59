import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../i18n/messages";
import { createUserSchema, userFieldsSchema } from "./user-fields";

const messagesOf = (input: Record<string, unknown>, schema = createUserSchema) => {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
};

describe("user form schema", () => {
  it("speaks English by default (the CLI, tests, logs)", () => {
    expect(messagesOf({ email: "nope", name: " ", role: "CLINICIAN", password: "short" })).toEqual({
      email: "Enter a valid email address",
      name: "Enter a name",
      password: "At least 12 characters",
    });
    expect(messagesOf({ email: "a@b.org", name: "x".repeat(121), role: "CLINICIAN" })).toEqual({ name: "At most 120 characters" });
  });

  it("speaks the reader's language when the action passes a translator", () => {
    const t = createTranslator({ locale: "zh-CN", messages: MESSAGES["zh-CN"], namespace: "admin.form.errors" });
    const schema = userFieldsSchema((key, values) => t(key, values));
    expect(messagesOf({ email: "nope", name: "", role: "CLINICIAN", password: "short" }, schema)).toEqual({
      email: "请输入有效的邮箱地址",
      name: "请输入姓名",
      password: "至少 12 个字符",
    });
  });

  it("accepts a valid user and normalizes the email", () => {
    expect(createUserSchema.parse({ email: " Dr.Li@Example.org ", name: "李医生", role: "CLINICIAN" })).toEqual({ email: "dr.li@example.org", name: "李医生", role: "CLINICIAN", password: "" });
  });
});
