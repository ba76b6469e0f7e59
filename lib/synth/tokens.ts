/**
 * Token estimates used to size the synthetic records. Deliberately model-agnostic:
 * ~4 characters per token for English/ASCII, ~1 token per CJK character (the published
 * benchmark's "~30K tokens" is about Chinese records, where that rule of thumb holds).
 */
import { eventLine } from "../formats/evidence-text";
import type { EhrEvent } from "./ehr/types";

// CJK ideographs, CJK punctuation, full-width forms, kana/hangul: one token each.
const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g;

export function estimateTokens(text: string): number {
  if (text.length === 0) return 0;
  const cjk = text.match(CJK)?.length ?? 0;
  const other = text.length - cjk;
  return cjk + Math.ceil(other / 4);
}

/** One event as a model would see it in a serialized record (lib/formats owns the rendering). */
export const renderEventText = (e: EhrEvent): string => eventLine(e);

export function estimateEventTokens(e: EhrEvent): number {
  return estimateTokens(renderEventText(e));
}
