import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../i18n/messages";
import { checkFields } from "./issues";
import { acceptInvitationSchema, changePasswordSchema, createUserSchema } from "./users";

const translator = (locale: "en" | "zh-CN") => {
  const t = createTranslator({ locale, messages: MESSAGES[locale] });
  return Object.assign((key: never, values?: never) => t(key, values), { has: (key: never) => t.has(key) });
};

describe("user form schemas", () => {
  it("word every field problem from the catalogs, with the bound", () => {
    expect(checkFields(createUserSchema, { email: "nope", name: " ", role: "CLINICIAN", password: "short" }, translator("en"))).toEqual({
      email: "Enter a valid email address",
      name: "Enter a name",
      password: "At least 12 characters",
    });
    expect(checkFields(createUserSchema, { email: "a@b.org", name: "x".repeat(121), role: "CLINICIAN" }, translator("en"))).toEqual({
      name: "At most 120 characters",
    });
  });

  it("speak the reader's language, on the form and the server alike", () => {
    expect(checkFields(createUserSchema, { email: "nope", name: "", role: "CLINICIAN", password: "short" }, translator("zh-CN"))).toEqual({
      email: "请输入有效的邮箱地址",
      name: "请输入姓名",
      password: "至少 12 个字符",
    });
    expect(checkFields(changePasswordSchema, { current: "a", next: "b".repeat(12), confirm: "c" }, translator("zh-CN"))).toEqual({
      confirm: MESSAGES["zh-CN"].auth.account.mismatch,
    });
    expect(checkFields(acceptInvitationSchema, { token: "t", name: "A", password: "short", confirm: "short" }, translator("en"))).toEqual({
      password: "At least 12 characters, please.",
    });
  });

  it("accepts a valid user and normalizes the email", () => {
    expect(createUserSchema.parse({ email: " Dr.Li@Example.org ", name: "李医生", role: "CLINICIAN" })).toEqual({
      email: "dr.li@example.org",
      name: "李医生",
      role: "CLINICIAN",
      password: "",
    });
  });
});
