// Every code the ratings readers speak has its sentence in both catalogs, and renders there with
// the values the readers give it: the web never shows a code, a missing key or an English sentence
// from these readers to a zh-CN reader.
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import en from "@/messages/en/audits.json";
import zh from "@/messages/zh-CN/audits.json";
import { RATINGS_CODES, type RatingsValues } from "./messages";

/** Values of the shape each reader gives (every select branch is taken by some sample). */
const SAMPLES: RatingsValues[] = [
  { column: 2, found: "a, b", guess: "ratr", hasGuess: "yes", line: 3, first: 2, fields: 2, header: 3, category: "x", declared: "a, b" },
  { rater: "r", item: "0012", dimension: "gold", hasDimension: "yes", firstKind: "line", detail: "Unexpected token", max: 100, got: "[]" },
  { delimiter: "tab", count: 2, from: "Item", to: "item", columns: "redcap_event_name", items: "row", itemColumn: "", raters: "a, b" },
  {
    tasks: 6,
    choices: 17,
    layout: "label-studio",
    source: "pkg/audit.json",
    categories: "yes, no",
    shown: "a, b",
    total: 7,
    once: 3,
    most: 2,
  },
];

describe("the agreement tool's catalogs", () => {
  for (const [lang, messages] of [
    ["en", en],
    ["zh-CN", zh],
  ] as const) {
    it(`${lang}: every reader code renders`, () => {
      const t = createTranslator({
        locale: lang,
        messages,
        namespace: "agreementTool.messages",
        onError: (e) => {
          throw e;
        },
      });
      const values = Object.assign({}, ...SAMPLES, { hasGuess: "no", hasDimension: "no" });
      for (const code of RATINGS_CODES) {
        for (const v of [Object.assign({}, ...SAMPLES), values]) {
          const text = t(code as never, v as never);
          expect(text, code).not.toContain("agreementTool");
          expect(text, code).not.toMatch(/[{}]/);
        }
      }
      if (lang === "zh-CN")
        expect(t("idClash" as never, { total: 12, shown: '"0012" / "12"' } as never)).toBe(
          '有 12 个条目 id 仅在前导零或大小写上不同，被当作不同条目计算（是否电子表格删除了前导零？）："0012" / "12"……（共 12 个）',
        );
    });
  }
});
