/** Building blocks for lab results: flags derived from the reference range, never typed by hand. */
import type { Bi, Lang } from "../../lang";
import { tr } from "../../lang";
import { nm, type NameKey } from "../lexicon";
import type { EventItem, Flag, RefRange } from "../types";

export function flagFor(value: number, ref: RefRange): Flag {
  if (ref.high !== undefined && value >= ref.high) return "H";
  if (ref.low !== undefined && value < ref.low) return "L";
  return "N";
}

/** For "upper limit" cutoffs that are themselves abnormal (TBA ≥ 10, glucose ≥ 5.1), ≥ flags H. */
export function item(lang: Lang, key: NameKey, value: number, unit: string, ref: RefRange): EventItem {
  return { name: nm(lang, key), value, unit, ref_range: ref, flag: flagFor(value, ref) };
}

export const NEG: Bi = ["Negative", "阴性"];
export const POS: Bi = ["Positive", "阳性"];

export function qual(lang: Lang, key: NameKey, positive: boolean): EventItem {
  return { name: nm(lang, key), value: tr(lang, positive ? POS : NEG), flag: positive ? "A" : "N" };
}

/** "Hemoglobin 98 g/L (L)" — used in notes that quote results. */
export function quote(i: EventItem): string {
  const flag = i.flag && i.flag !== "N" ? ` (${i.flag})` : "";
  return `${i.name} ${i.value}${i.unit ? ` ${i.unit}` : ""}${flag}`;
}

export const U = {
  gL: "g/L",
  e9L: "10^9/L",
  umolL: "umol/L",
  mmolL: "mmol/L",
  UL: "U/L",
  ugL: "ug/L",
  fL: "fL",
  pct: "%",
  mmHg: "mmHg",
  kg: "kg",
  cm: "cm",
  mm: "mm",
  bpm: "bpm",
  g: "g",
  mIUL: "mIU/L",
  pmolL: "pmol/L",
  s: "s",
  g24h: "g/24h",
} as const;
