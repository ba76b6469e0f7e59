import { describe, expect, it } from "vitest";
import { datasetLanguage } from "./dataset-language";

describe("datasetLanguage", () => {
  it("takes the bundle's declared language", () => {
    expect(datasetLanguage({ language: "zh" }, ["What is the next step?"])).toBe("zh-CN");
    expect(datasetLanguage({ language: "zh-CN" }, [])).toBe("zh-CN");
    expect(datasetLanguage({ language: "en" }, ["下一步是什么？"])).toBe("en");
  });

  it("reads the script of the questions when nothing is declared", () => {
    expect(
      datasetLanguage({}, ["孕28周，OGTT 空腹血糖 5.3 mmol/L，下一步应如何处理？", "根据 GBS 筛查结果，分娩时是否需要预防性使用抗生素？"]),
    ).toBe("zh-CN");
    expect(datasetLanguage({ name: "x" }, ["At 28 weeks the fasting OGTT is 5.3 mmol/L: what is the next step?"])).toBe("en");
    expect(datasetLanguage({ language: "fr" }, ["Quelle est la prochaine étape ?"])).toBe("en");
  });

  it("cannot tell without text", () => {
    expect(datasetLanguage(null, [])).toBeNull();
    expect(datasetLanguage({}, ["12 / 34", ""])).toBeNull();
  });
});
