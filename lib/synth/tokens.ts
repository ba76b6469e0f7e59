/**
 * Token estimates used to size the synthetic records. Deliberately model-agnostic:
 * ~4 characters per token for English/ASCII, ~1 token per CJK character (the published
 * benchmark's "~30K tokens" is about Chinese records, where that rule of thumb holds).
 */
import type { EhrEvent } from "./ehr/types";

// CJK ideographs, CJK punctuation, full-width forms, kana/hangul: one token each.
const CJK = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g;

export function estimateTokens(text: string): number {
  if (text.length === 0) return 0;
  const cjk = text.match(CJK)?.length ?? 0;
  const other = text.length - cjk;
  return cjk + Math.ceil(other / 4);
}

/**
 * One event as a model would see it in a serialized record: a compact line with time,
 * type, name, value(s) and text. JSON keys are not counted — a prompt builder renders
 * events, it does not paste raw JSON.
 */
function range(r: { low?: number; high?: number } | undefined): string {
  if (!r) return "";
  return ` [${r.low ?? ""}-${r.high ?? ""}]`;
}

export function renderEventText(e: EhrEvent): string {
  const parts: string[] = [`${e.time} [${e.event_type}] ${e.name}`];
  // Reference ranges are part of every printed lab report, so they count.
  if (e.value !== undefined) parts.push(`${e.value}${e.unit ? ` ${e.unit}` : ""}${range(e.ref_range)}${e.flag && e.flag !== "N" ? ` (${e.flag})` : ""}`);
  if (e.items) {
    parts.push(
      e.items
        .map((i) => `${i.name} ${i.value}${i.unit ? ` ${i.unit}` : ""}${range(i.ref_range)}${i.flag && i.flag !== "N" ? ` (${i.flag})` : ""}`)
        .join("; "),
    );
  }
  if (e.text) parts.push(e.text);
  return parts.join(" | ");
}

export function estimateEventTokens(e: EhrEvent): number {
  return estimateTokens(renderEventText(e));
}
