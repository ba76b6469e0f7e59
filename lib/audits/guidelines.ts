// An audit's reviewing guidelines: Markdown (lib/markdown) per interface language. English is
// the canonical text; a Chinese text is optional and shown to readers of Chinese when present.
import { z } from "zod";

export const GUIDELINES_MAX = 20_000;

export const guidelinesSchema = z.strictObject({
  en: z.string().max(GUIDELINES_MAX),
  "zh-CN": z.string().max(GUIDELINES_MAX).optional(),
});

export type Guidelines = z.infer<typeof guidelinesSchema>;

/** The stored value, or null when there is none (or it is not readable). */
export function parseGuidelines(value: unknown): Guidelines | null {
  const parsed = guidelinesSchema.safeParse(value);
  if (!parsed.success) return null;
  return parsed.data.en.trim() || parsed.data["zh-CN"]?.trim() ? parsed.data : null;
}

/** The text for a reader: their language's when written, else the English. */
export function guidelinesFor(g: Guidelines | null, locale: string): string | null {
  if (!g) return null;
  const own = locale === "zh-CN" ? g["zh-CN"]?.trim() : undefined;
  return own || g.en.trim() || g["zh-CN"]?.trim() || null;
}
