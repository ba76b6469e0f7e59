// The assignment summary after "Assign": no "3–3 raters per item", counts in the locale's digits.
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/locales";
import { assignedMessage } from "./assign-message";

const translator = (locale: Locale) => createTranslator({ locale, messages: MESSAGES[locale], namespace: "audits.assign" });
const even = { minRatersPerItem: 3, maxRatersPerItem: 3, minLoad: 1500, maxLoad: 1500 };
const uneven = { minRatersPerItem: 2, maxRatersPerItem: 3, minLoad: 1, maxLoad: 1000 };

describe("assignedMessage", () => {
  it("names one number when every item has as many raters", () => {
    const t = translator("en");
    expect(assignedMessage(t, "en", { status: "assigned", created: 4500, reinstated: 0, design: even })).toBe(
      "4,500 assignments created. The audit now has 3 raters per item and 1,500 items per clinician.",
    );
    expect(
      assignedMessage(t, "en", {
        status: "assigned",
        created: 2,
        reinstated: 0,
        design: { ...uneven, minRatersPerItem: 1, maxRatersPerItem: 1, minLoad: 1 },
      }),
    ).toBe("2 assignments created. The audit now has 1 rater per item and 1–1,000 items per clinician.");
    expect(assignedMessage(t, "en", { status: "confirm", design: uneven, current: even })).toContain(
      "leave the audit with 2–3 raters per item and 1–1,000 items per clinician (now 3 and 1,500).",
    );
  });

  it("reads in Chinese", () => {
    const t = translator("zh-CN");
    expect(assignedMessage(t, "zh-CN", { status: "assigned", created: 4500, reinstated: 0, design: even })).toBe(
      "已创建 4,500 项分配。审核现为每个条目 3 位评审者，每位临床医生 1,500 个条目。",
    );
  });
});
