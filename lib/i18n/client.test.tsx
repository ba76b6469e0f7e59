// Client components' translator and formatter: the provider's locale and time zone, the same text
// as next-intl's own hooks, and one kept catalog across renders (next-intl's provider made a new
// message cache and new Intl formatters on every render).
import { useFormatter as nextFormatter, useTranslations as nextTranslations } from "next-intl";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { withIntl } from "@/tests/support/intl";
import { useFormatter, useTranslations } from "./client";
import { CatalogTranslator } from "./catalog-translator";
import type { Locale } from "./locales";

const AT = new Date(Date.UTC(2026, 11, 31, 20, 5, 9));

/** The text both components show, from their translators and formatter. */
function text(
  t: ReturnType<typeof useTranslations<"dataTable">>,
  r: ReturnType<typeof useTranslations<"review">>,
  format: ReturnType<typeof useFormatter>,
) {
  return (
    <p>
      {t("pagination.rows", { from: 1, to: 50, total: 4745 })} | {r("case.back")} |{" "}
      {r.rich("queue.adjudicatorOf", { name: "Audit A", link: (chunks) => <a href="/x">{chunks}</a> })} |{" "}
      {format.number(1234.5, { maximumFractionDigits: 1 })} | {format.dateTime(AT, { dateStyle: "medium", timeStyle: "short" })}
    </p>
  );
}

function Ours() {
  return text(useTranslations("dataTable"), useTranslations("review"), useFormatter());
}

function NextIntls() {
  return text(nextTranslations("dataTable"), nextTranslations("review"), nextFormatter());
}

const render = (hooks: "ours" | "next-intl", locale: Locale) =>
  renderToString(withIntl(hooks === "ours" ? <Ours /> : <NextIntls />, locale));

describe("the client components' translator", () => {
  it("says what next-intl's hooks say, in either language", () => {
    for (const locale of ["en", "zh-CN"] as const) expect(render("ours", locale)).toBe(render("next-intl", locale));
    expect(render("ours", "en")).toContain("Showing 1–50 of 4745");
    expect(render("ours", "zh-CN")).not.toBe(render("ours", "en"));
  });

  it("keeps one catalog per locale and time zone across renders", () => {
    const made = vi.spyOn(CatalogTranslator.prototype, "translator");
    render("ours", "en");
    render("ours", "en");
    const translators = new Set(made.mock.results.map((r) => r.value));
    // Two namespaces, two renders: the same two translators both times.
    expect(made).toHaveBeenCalledTimes(4);
    expect(translators.size).toBe(2);
    made.mockRestore();
  });
});
