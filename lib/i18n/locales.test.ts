import { describe, expect, it } from "vitest";
import { isLocale, negotiateLocale, resolveLocale } from "./locales";

describe("negotiateLocale", () => {
  it("falls back to English without a usable header", () => {
    expect(negotiateLocale(undefined)).toBe("en");
    expect(negotiateLocale("")).toBe("en");
    expect(negotiateLocale("fr-FR,de;q=0.8")).toBe("en");
  });
  it("maps every Chinese tag to Simplified Chinese", () => {
    expect(negotiateLocale("zh-CN,zh;q=0.9,en;q=0.8")).toBe("zh-CN");
    expect(negotiateLocale("zh")).toBe("zh-CN");
    expect(negotiateLocale("zh-Hans-CN")).toBe("zh-CN");
  });
  it("ranks by quality, then by order", () => {
    expect(negotiateLocale("en;q=0.5,zh;q=0.9")).toBe("zh-CN");
    expect(negotiateLocale("fr, en-GB, zh")).toBe("en");
    expect(negotiateLocale("zh;q=0, en")).toBe("en");
  });
});

describe("resolveLocale", () => {
  it("prefers the profile, then the cookie, then the header", () => {
    expect(resolveLocale({ profile: "zh-CN", cookie: "en", acceptLanguage: "en" })).toBe("zh-CN");
    expect(resolveLocale({ profile: null, cookie: "zh-CN", acceptLanguage: "en" })).toBe("zh-CN");
    expect(resolveLocale({ profile: "xx", cookie: "yy", acceptLanguage: "zh" })).toBe("zh-CN");
  });
  it("knows its locales", () => {
    expect(isLocale("en")).toBe(true);
    expect(isLocale("zh")).toBe(false);
  });
});
