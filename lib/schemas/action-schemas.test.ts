// Every server action refuses unknown keys: a key the form never sends is a crafted request
// (it once reached the database through finalLabels). Two checks: the source of every action
// and use case declares no non-strict object, and each exported schema refuses an extra key,
// at the top and nested.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_RUBRIC } from "../audits/rubric";
import { saveAdjudicationSchema } from "./adjudication";
import { assignSchema, createAuditSchema, extendSampleSchema, sampleRequestSchema } from "./audits";
import { savePracticeSchema, startRoundSchema } from "./calibration";
import { confirmCaseOpenSchema, saveCommentSchema, saveCorrectionSchema, saveRatingSchema, setFlagSchema } from "./review";
import { ssoSettingsSchema } from "./sso";
import { createUserSchema } from "./users";

function files(dir: string, keep: (f: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p, keep) : keep(p) ? [p] : [];
  });
}

describe("server action schemas", () => {
  it("declare no object that lets unknown keys through", () => {
    const sources = [
      ...files("app", (f) => /actions\.ts$/.test(f)),
      ...files("lib/actions", (f) => !f.endsWith(".test.ts")),
      ...files("lib/server", (f) => f.endsWith(".ts") && !f.endsWith(".test.ts")),
      // The input schemas shared with the forms.
      ...files("lib/schemas", (f) => f.endsWith(".ts") && !f.endsWith(".test.ts")),
      "lib/audits/rubric.ts",
    ];
    expect(sources.length).toBeGreaterThan(20);
    const loose = sources.flatMap((f) => {
      const text = fs.readFileSync(f, "utf8");
      return /\bz\s*\.\s*(object|looseObject)\s*\(|\.passthrough\s*\(|\.loose\s*\(|\.strip\s*\(/.test(text) ? [f] : [];
    });
    expect(loose).toEqual([]);
  });

  const valid = {
    rating: [saveRatingSchema, { assignmentId: "a", dimension: "gold", category: "correct", expectedVersion: 0 }],
    comment: [saveCommentSchema, { assignmentId: "a", comment: "c", expectedVersion: 0 }],
    correction: [
      saveCorrectionSchema,
      { assignmentId: "a", kind: "STEM", turnOrder: 0, expectedVersion: 0, correction: { kind: "STEM", proposal: "p", rationale: "r" } },
    ],
    adjudication: [
      saveAdjudicationSchema,
      {
        auditId: "a",
        auditItemId: "i",
        finalLabels: { gold: "correct" },
        rationale: "r",
        decisions: [{ correctionId: "c", decision: "ACCEPTED", applied: { kind: "STEM", question: "q" }, rationale: "r" }],
      },
    ],
    assign: [assignSchema, { auditId: "a", clinicianIds: ["u"], design: "BALANCED", ratersPerItem: 2 }],
    sample: [sampleRequestSchema, { datasetId: "d", size: 1, seed: "s", strata: [] }],
    audit: [createAuditSchema, { datasetId: "d", size: 1, seed: "s", strata: [], name: "n", rubric: DEFAULT_RUBRIC }],
    extend: [extendSampleSchema, { auditId: "a", add: 5, fromSize: 10 }],
    user: [createUserSchema, { email: "a@example.org", name: "A", role: "CLINICIAN", password: "" }],
    flag: [setFlagSchema, { assignmentId: "a", flagged: true }],
    open: [confirmCaseOpenSchema, { assignmentId: "a", stamp: "s", logView: false }],
    practice: [savePracticeSchema, { auditId: "a", calibrationItemId: "c", labels: { gold: "correct" }, activeMs: 0 }],
    round: [startRoundSchema, { auditId: "a", raterIds: null }],
    sso: [ssoSettingsSchema, { allowProvisioning: false, roleClaim: "groups", roleMap: "", passwordSignIn: true }],
  } as const;

  it.each(Object.entries(valid))("%s refuses an unknown key at the top", (_, [schema, input]) => {
    expect(schema.safeParse(input).success).toBe(true);
    expect(schema.safeParse({ ...input, extra: 1 }).success).toBe(false);
  });

  it("refuses unknown keys nested in corrections, decisions, applied changes and rubrics", () => {
    const c = valid.correction[1];
    expect(saveCorrectionSchema.safeParse({ ...c, correction: { ...c.correction, version: 3 } }).success).toBe(false);
    const a = valid.adjudication[1];
    const d = a.decisions[0];
    expect(saveAdjudicationSchema.safeParse({ ...a, decisions: [{ ...d, extra: true }] }).success).toBe(false);
    expect(saveAdjudicationSchema.safeParse({ ...a, decisions: [{ ...d, applied: { ...d.applied, extra: "x" } }] }).success).toBe(false);
    const r = valid.audit[1];
    expect(createAuditSchema.safeParse({ ...r, rubric: [{ ...r.rubric[0], extra: 1 }] }).success).toBe(false);
    expect(
      createAuditSchema.safeParse({
        ...r,
        rubric: [{ ...r.rubric[0], categories: r.rubric[0]!.categories.map((x) => ({ ...x, extra: 1 })) }],
      }).success,
    ).toBe(false);
  });
});
