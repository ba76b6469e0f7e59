import { describe, expect, it } from "vitest";
import { DEFAULT_RUBRIC } from "@/lib/audits/rubric";
import { en } from "@/lib/i18n/messages";
import { createAuditSchema } from "./create-audit";

describe("the new-audit schema's messages", () => {
  const fieldErrors = (input: object) => {
    const r = createAuditSchema.safeParse({ name: "A", datasetId: "d", size: 5, seed: "1", strata: [], rubric: DEFAULT_RUBRIC, ...input });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  it("are the English catalog's, so the form can show them in the reader's language", () => {
    const says = en.audits.validation;
    expect(fieldErrors({ name: " ", datasetId: "", seed: "" })).toEqual({ name: says.name, datasetId: says.dataset, seed: says.seed });
    expect(fieldErrors({ size: "x" })).toEqual({ size: says.wholeNumber });
    expect(fieldErrors({ size: 2.5 })).toEqual({ size: says.wholeNumber });
    expect(fieldErrors({ size: 0 })).toEqual({ size: says.atLeastOne });
    expect(fieldErrors({})).toEqual({});
  });
});
