// The request glue: each request's translator follows that request's locale (never shared
// across locales), and a second request formats with the message the first compiled.
import { beforeEach, describe, expect, it, vi } from "vitest";

const request = vi.hoisted(() => ({ locale: "en" as "en" | "zh-CN", compiled: 0 }));

vi.mock("next-intl/server", () => ({
  getLocale: async () => request.locale,
  // A zone no other test uses: this file's catalogs start empty even if the worker is shared.
  getTimeZone: async () => "Pacific/Chatham",
}));

// Counts the messages compiled by the process-wide translator (use-intl's own copy is not mocked).
vi.mock("intl-messageformat", async (importOriginal) => {
  const original = await importOriginal<typeof import("intl-messageformat")>();
  class Counted extends original.IntlMessageFormat {
    constructor(...args: ConstructorParameters<typeof original.IntlMessageFormat>) {
      super(...args);
      request.compiled++;
    }
  }
  return { ...original, IntlMessageFormat: Counted };
});

const { getFormatter, getTranslations } = await import("./server");

beforeEach(() => {
  request.locale = "en";
});

describe("getTranslations", () => {
  it("compiles a message once for the process: a second request reuses it", async () => {
    const first = await getTranslations("dashboard.majority");
    const before = request.compiled;
    expect(first("considered", { count: 3 })).toBe("Over the 3 items with two or more ratings.");
    expect(request.compiled).toBe(before + 1);

    const second = await getTranslations("dashboard.majority");
    expect(second("considered", { count: 1 })).toBe("Over the 1 item with two or more ratings.");
    const whole = await getTranslations("dashboard");
    expect(whole).not.toBe(second);
    expect(whole("majority.considered", { count: 2 })).toBe("Over the 2 items with two or more ratings.");
    expect(request.compiled).toBe(before + 1);
  });

  it("follows each request's locale", async () => {
    const english = await getTranslations("common");
    request.locale = "zh-CN";
    const chinese = await getTranslations("common");
    expect(chinese).not.toBe(english);
    expect(chinese("actions.save")).toBe("保存");
    expect(english("actions.save")).toBe("Save");
  });

  it("formats dates in the request's time zone", async () => {
    const format = await getFormatter();
    // 20:05 UTC is 09:50 the next day in Chatham (UTC+13:45 in December).
    expect(format.dateTime(new Date(Date.UTC(2026, 11, 31, 20, 5)), { dateStyle: "medium", timeStyle: "short" })).toBe(
      "Jan 1, 2027, 9:50 AM",
    );
  });
});
