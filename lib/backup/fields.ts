// The field types every backup record shares (lib/backup/format.ts).
import { z } from "zod";
import { rubricSchema } from "../audits/rubric";
import { englishIssue } from "../schemas/english";

export const id = z.string().min(1).max(200);
export const email = z.string().min(3).max(320);
export const instant = z.iso.datetime({ offset: true });
export const json = z.unknown().refine((v) => v !== undefined, "required field is missing");
export const int = z.number().int();
/** A valid rubric, kept exactly as stored (validated, not transformed). */
export const rubric = z.unknown().superRefine((value, ctx) => {
  const r = rubricSchema.safeParse(value);
  if (!r.success)
    for (const issue of r.error.issues)
      ctx.addIssue({ code: "custom", path: issue.path as PropertyKey[], message: englishIssue(issue), input: value });
});
