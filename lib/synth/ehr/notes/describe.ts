/** Renders result events into note prose, as the "results" sections of real notes quote them. */
import type { VisitCtx } from "../record";
import type { EhrEvent, EventItem } from "../types";

const RESULT_TYPES = new Set(["lab_test", "ultrasound", "screening", "procedure"]);

function range(i: { ref_range?: { low?: number; high?: number } }): string {
  const r = i.ref_range;
  if (!r) return "";
  if (r.low !== undefined && r.high !== undefined) return ` [${r.low}–${r.high}]`;
  if (r.high !== undefined) return ` [<${r.high}]`;
  return r.low !== undefined ? ` [≥${r.low}]` : "";
}

function itemText(i: EventItem, withRange: boolean): string {
  const flag = i.flag && i.flag !== "N" ? ` ${i.flag}` : "";
  return `${i.name} ${i.value}${i.unit ? ` ${i.unit}` : ""}${withRange ? range(i) : ""}${flag}`;
}

/** Full form, with reference ranges: the plan note's "results today". */
export function describeFull(v: VisitCtx, e: EhrEvent): string {
  const head = `${e.name}${v.lang === "en" ? ": " : "："}`;
  const body: string[] = [];
  if (e.value !== undefined)
    body.push(itemText({ name: "", value: e.value, unit: e.unit, ref_range: e.ref_range, flag: e.flag }, true).trim());
  if (e.items) body.push(e.items.map((i) => itemText(i, true)).join(v.lang === "en" ? "; " : "；"));
  const abnormal = [...(e.items ?? []), ...(e.flag && e.flag !== "N" ? [{ name: e.name, value: e.value ?? "", flag: e.flag }] : [])].filter(
    (i) => i.flag && i.flag !== "N",
  );
  const verdict = abnormal.length
    ? v.t([`Abnormal: ${abnormal.map((i) => i.name).join(", ")}.`, `异常：${abnormal.map((i) => i.name).join("、")}。`])
    : v.t(["Within reference limits.", "均在参考范围内。"]);
  return `${head}${body.join(" ")} ${e.text && e.event_type !== "lab_test" ? `${e.text} ` : ""}${verdict}`.replace(/\s+/g, " ");
}

/** Short form for copy-forward: values without reference ranges or narrative. */
export function describeShort(e: EhrEvent, withRanges = false): string {
  const items = e.items ?? [];
  const vals = [
    e.value !== undefined ? `${e.value}${e.unit ? ` ${e.unit}` : ""}` : "",
    items.map((i) => itemText(i, withRanges)).join(", "),
  ]
    .filter(Boolean)
    .join(" ");
  return `${e.time.slice(0, 10)} ${e.name} ${vals}`.trim();
}

export function resultEvents(v: VisitCtx, pred: (e: EhrEvent) => boolean): EhrEvent[] {
  return v.pb.events
    .filter((e) => RESULT_TYPES.has(e.event_type) && pred(e))
    .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
}
