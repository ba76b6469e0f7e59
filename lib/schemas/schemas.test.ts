import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { DEFAULT_RUBRIC } from "../audits/rubric";
import { MESSAGES } from "../i18n/messages";
import { saveAdjudicationSchema } from "./adjudication";
import { createAuditSchema, extendSampleSchema } from "./audits";
import { checkFields } from "./issues";
import { saveCorrectionSchema } from "./review";
import { samplePlanSchema } from "./sample-plan";

const en = MESSAGES.en;
const zh = MESSAGES["zh-CN"];
const translator = (locale: "en" | "zh-CN") => {
  const t = createTranslator({ locale, messages: MESSAGES[locale] });
  return Object.assign((key: never, values?: never) => t(key, values), { has: (key: never) => t.has(key) });
};

describe("the shared input schemas", () => {
  const audit = { name: "A", datasetId: "d", size: 5, seed: "1", strata: [], rubric: DEFAULT_RUBRIC };
  const keys = (input: object) => {
    const r = createAuditSchema.safeParse({ ...audit, ...input });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("say every field problem as a catalog key", () => {
    expect(keys({ name: " ", datasetId: "", seed: "" })).toEqual({
      name: "audits.validation.name",
      datasetId: "audits.validation.dataset",
      seed: "audits.validation.seed",
    });
    expect(keys({ size: "x" })).toEqual({ size: "audits.validation.wholeNumber" });
    expect(keys({ size: 2.5 })).toEqual({ size: "audits.validation.wholeNumber" });
    expect(keys({ size: 0 })).toEqual({ size: "audits.validation.atLeastOne" });
    expect(keys({ rubric: [{ ...DEFAULT_RUBRIC[0]!, key: "Bad Key" }] })).toEqual({ "rubric.0.key": "audits.validation.rubric.key" });
    expect(keys({})).toEqual({});
  });

  it("are translated the same before sending and on the server, in English and Chinese", () => {
    expect(checkFields(createAuditSchema, { ...audit, name: "" }, translator("en"))).toEqual({ name: en.audits.validation.name });
    expect(checkFields(createAuditSchema, { ...audit, name: "" }, translator("zh-CN"))).toEqual({ name: zh.audits.validation.name });
    expect(checkFields(extendSampleSchema, { auditId: "a", add: "0", fromSize: 3 }, translator("zh-CN"))).toEqual({
      add: zh.audits.validation.atLeastOne,
    });
    expect(checkFields(createAuditSchema, audit, translator("en"))).toBeNull();
  });

  it("say the sample planner's problems in the reader's language", () => {
    const plan = {
      populationSize: "1500",
      size: "100",
      toleratedErrors: "1",
      targetPercent: "5",
      confidencePercent: "95",
      raters: "3",
      categories: "3",
      agreementPercent: "90",
    };
    expect(checkFields(samplePlanSchema, plan, translator("en"))).toBeNull();
    expect(checkFields(samplePlanSchema, { ...plan, size: "2000" }, translator("en"))).toEqual({
      size: en.audits.planner.validation.sampleTooLarge,
    });
    expect(checkFields(samplePlanSchema, { ...plan, raters: "1", agreementPercent: "20" }, translator("zh-CN"))).toEqual({
      raters: zh.audits.planner.validation.atLeast.replace("{min}", "2"),
      agreementPercent: zh.audits.planner.validation.belowChance,
    });
    expect(checkFields(samplePlanSchema, { ...plan, toleratedErrors: "1500", confidencePercent: "x" }, translator("zh-CN"))).toEqual({
      toleratedErrors: zh.audits.planner.validation.atMost.replace("{max}", "1000"),
      confidencePercent: zh.audits.planner.validation.number,
    });
  });

  it("ask for a correction's rationale in the reader's language", () => {
    const input = { assignmentId: "a", kind: "STEM", expectedVersion: 0, correction: { kind: "STEM", proposal: "p", rationale: " " } };
    expect(checkFields(saveCorrectionSchema, input, translator("zh-CN"))).toEqual({
      "correction.rationale": zh.rubric.corrections.errors.rationale,
    });
  });

  it("fall back to a generic field message where zod speaks (never its English)", () => {
    const r = checkFields(
      saveAdjudicationSchema,
      { auditId: "", auditItemId: "i", finalLabels: {}, rationale: "r", decisions: [] },
      translator("en"),
    );
    expect(r).toEqual({ auditId: en.common.errors.invalidField });
    const d = checkFields(
      saveAdjudicationSchema,
      { auditId: "a", auditItemId: "i", finalLabels: {}, rationale: " ", decisions: [] },
      translator("zh-CN"),
    );
    expect(d).toEqual({ rationale: zh.adjudication.validation.rationale });
  });
});
