/**
 * Deterministic synthetic records for tests, screenshots and the SSR size check: labs with
 * ranges and flags, vitals, ultrasound panels, long English and Chinese notes. Same
 * arguments → same output (seeded PRNG, no Date.now), so snapshots and counts are stable.
 */
import type { EventType, ViewerEvent, ViewerMeasurement, ViewerNote } from "./types";

/** mulberry32: tiny, fast, good enough for demo data. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const round = (x: number, dp: number) => Math.round(x * 10 ** dp) / 10 ** dp;

interface Analyte {
  name: string;
  unit: string | null;
  low: number | null;
  high: number | null;
  mean: number;
  sd: number;
  dp: number;
}

const LABS: Analyte[] = [
  { name: "Total bile acids", unit: "µmol/L", low: null, high: 10, mean: 9, sd: 6, dp: 1 },
  { name: "ALT", unit: "U/L", low: null, high: 40, mean: 32, sd: 18, dp: 0 },
  { name: "Haemoglobin", unit: "g/L", low: 110, high: 150, mean: 116, sd: 10, dp: 0 },
  { name: "Platelets", unit: "×10⁹/L", low: 100, high: 300, mean: 210, sd: 60, dp: 0 },
  { name: "Fasting glucose", unit: "mmol/L", low: 3.9, high: 5.1, mean: 4.7, sd: 0.5, dp: 1 },
  { name: "Ferritin", unit: "µg/L", low: 15, high: null, mean: 30, sd: 15, dp: 0 },
  { name: "总胆汁酸", unit: "µmol/L", low: null, high: 10, mean: 11, sd: 7, dp: 1 },
];

const PANELS: { name: string; type: EventType; items: Analyte[] }[] = [
  {
    name: "Liver function panel",
    type: "lab_test",
    items: [
      { name: "ALT", unit: "U/L", low: null, high: 40, mean: 35, sd: 20, dp: 0 },
      { name: "AST", unit: "U/L", low: null, high: 35, mean: 30, sd: 15, dp: 0 },
      { name: "Total bilirubin", unit: "µmol/L", low: 3.4, high: 20.5, mean: 12, sd: 5, dp: 1 },
      { name: "Total bile acids", unit: "µmol/L", low: null, high: 10, mean: 10, sd: 8, dp: 1 },
    ],
  },
  {
    name: "Full blood count",
    type: "lab_test",
    items: [
      { name: "WBC", unit: "×10⁹/L", low: 3.5, high: 9.5, mean: 8.5, sd: 2, dp: 1 },
      { name: "Hb", unit: "g/L", low: 110, high: 150, mean: 115, sd: 10, dp: 0 },
      { name: "PLT", unit: "×10⁹/L", low: 100, high: 300, mean: 200, sd: 50, dp: 0 },
      { name: "HCT", unit: "%", low: 33, high: 45, mean: 36, sd: 3, dp: 1 },
    ],
  },
  {
    name: "Growth ultrasound",
    type: "ultrasound",
    items: [
      { name: "BPD", unit: "mm", low: null, high: null, mean: 82, sd: 4, dp: 0 },
      { name: "HC", unit: "mm", low: null, high: null, mean: 298, sd: 10, dp: 0 },
      { name: "AC", unit: "mm", low: null, high: null, mean: 285, sd: 14, dp: 0 },
      { name: "FL", unit: "mm", low: null, high: null, mean: 62, sd: 3, dp: 0 },
      { name: "EFW", unit: "g", low: null, high: null, mean: 1900, sd: 250, dp: 0 },
      { name: "AFI", unit: "cm", low: 5, high: 25, mean: 13, sd: 5, dp: 1 },
      { name: "UA S/D", unit: null, low: null, high: 3, mean: 2.5, sd: 0.4, dp: 2 },
    ],
  },
];

function measure(r: Rand, a: Analyte): ViewerMeasurement {
  const value = round(Math.max(0, a.mean + (r() + r() + r() - 1.5) * 2 * a.sd), a.dp);
  let flag: string | null = null;
  if (a.high != null && value > a.high) flag = value > a.high * 3 ? "HH" : "H";
  else if (a.low != null && value < a.low) flag = value < a.low * 0.6 ? "LL" : "L";
  else if (a.low != null || a.high != null) flag = r() < 0.3 ? "N" : null;
  return { name: a.name, value, unit: a.unit, refLow: a.low, refHigh: a.high, flag };
}

const EN_SENTENCES = [
  "Reports generalised itching, worse at night, for one week.",
  "No abdominal pain, vaginal bleeding or leakage of fluid.",
  "Fetal movements are normal and regular.",
  "Blood pressure within normal limits; no headache or visual disturbance.",
  "Fundal height consistent with dates; cephalic presentation.",
  "Plan: repeat liver function and bile acids in one week, start ursodeoxycholic acid.",
  "Counselled about warning signs and when to attend the assessment unit.",
];
const ZH_SENTENCES = [
  "孕32周，皮肤瘙痒1周，夜间加重。",
  "无腹痛、阴道流血及流液。",
  "自觉胎动正常。",
  "血压正常，无头痛、视物模糊。",
  "宫高与孕周相符，头位。",
  "建议一周后复查肝功能及胆汁酸，予熊去氧胆酸口服。",
];

function longText(r: Rand, minChars: number): string {
  const paragraphs: string[] = [];
  let size = 0;
  while (size < minChars) {
    const zh = r() < 0.4;
    const pool = zh ? ZH_SENTENCES : EN_SENTENCES;
    const n = 2 + Math.floor(r() * 4);
    const p = Array.from({ length: n }, () => pick(r, pool)).join(zh ? "" : " ");
    paragraphs.push(p);
    size += p.length + 1;
  }
  return paragraphs.join("\n");
}

export interface DemoOptions {
  count?: number;
  seed?: number;
  /** First day, YYYY-MM-DD. */
  start?: string;
  /** GA on the first day, in days (default 8+0 wk). */
  startGa?: number;
}

/** `count` events in time order over as many days as needed, with a few days of unknown GA. */
export function buildDemoEvents({ count = 300, seed = 7, start = "2031-01-06", startGa = 56 }: DemoOptions = {}): ViewerEvent[] {
  const r = rng(seed);
  const perDay = Math.min(30, Math.max(4, Math.round(count / 60)));
  const events: ViewerEvent[] = [];
  let dayMs = Date.parse(`${start}T00:00:00Z`);
  let ga = startGa;
  let day = 0;
  while (events.length < count) {
    const date = new Date(dayMs).toISOString().slice(0, 10);
    const gaKnown = day % 17 !== 16; // every 17th day has no GA, to exercise "GA unknown"
    const n = Math.min(count - events.length, Math.max(1, Math.round(perDay * (0.5 + r()))));
    let minute = 8 * 60 + Math.floor(r() * 60);
    for (let k = 0; k < n; k++) {
      minute = Math.min(23 * 60 + 59, minute + 2 + Math.floor(r() * 25));
      const seq = events.length + 1;
      const time = `${date}T${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:00`;
      const base = {
        id: `ev-${seq}`,
        eventId: `E${String(seq).padStart(5, "0")}`,
        time,
        gaDays: gaKnown ? ga : null,
        visitId: `V${day + 1}`,
      };
      events.push({ ...base, ...eventBody(r, k) });
    }
    const step = count > 1500 ? 1 : 1 + Math.floor(r() * 5);
    dayMs += step * 86_400_000;
    ga += step;
    day++;
  }
  return events;
}

function eventBody(r: Rand, k: number): Pick<ViewerEvent, "type" | "name" | "measurement" | "items" | "text"> {
  const none = { measurement: null, items: [], text: null };
  const roll = k === 0 ? 0.99 : r(); // each day opens with a note, as a visit does
  if (roll > 0.93) {
    const zh = r() < 0.5;
    return {
      ...none,
      type: "clinical_note",
      name: zh ? "产前检查记录" : "Antenatal visit note",
      text: longText(r, 300 + Math.floor(r() * 3000)),
    };
  }
  if (roll > 0.85) {
    const panel = pick(r, PANELS);
    return { ...none, type: panel.type, name: panel.name, items: panel.items.map((a) => measure(r, a)) };
  }
  if (roll > 0.55) {
    const a = pick(r, LABS);
    return { ...none, type: "lab_test", name: a.name, measurement: measure(r, a) };
  }
  if (roll > 0.3) {
    const sys = 105 + Math.floor(r() * 40);
    const bp: ViewerMeasurement = {
      name: "Blood pressure",
      value: `${sys}/${60 + Math.floor(r() * 30)}`,
      unit: "mmHg",
      refLow: null,
      refHigh: null,
      flag: sys >= 140 ? "H" : null,
    };
    const hr: ViewerMeasurement = measure(r, { name: "Heart rate", unit: "bpm", low: 60, high: 100, mean: 84, sd: 10, dp: 0 });
    return r() < 0.5
      ? { ...none, type: "vital_sign", name: "Blood pressure", measurement: bp }
      : { ...none, type: "vital_sign", name: "Heart rate", measurement: hr };
  }
  if (roll > 0.18)
    return {
      ...none,
      type: "medication",
      name: pick(r, ["Ursodeoxycholic acid 250 mg PO bid", "Ferrous succinate 100 mg PO qd", "Folic acid 0.4 mg PO qd"]),
    };
  if (roll > 0.1) {
    const pos = r() < 0.2;
    return {
      ...none,
      type: "screening",
      name: pick(r, ["GBS screening", "Urine protein"]),
      measurement: {
        name: "Result",
        value: pos ? "Positive" : "Negative",
        unit: null,
        refLow: null,
        refHigh: null,
        flag: pos ? "A" : null,
      },
    };
  }
  if (roll > 0.05)
    return {
      ...none,
      type: "procedure",
      name: "Non-stress test",
      text: "Reactive trace, baseline 140 bpm, good variability, no decelerations.",
    };
  return {
    ...none,
    type: "diagnosis",
    name: pick(r, ["Intrahepatic cholestasis of pregnancy", "妊娠期肝内胆汁淤积症", "Iron deficiency anaemia"]),
  };
}

/** A deterministic handful of evidence ids: flagged bile-acid results and itching notes. */
export function demoEvidenceIds(events: readonly ViewerEvent[], max = 8): string[] {
  return events
    .filter((e) => (/bile acids|胆汁酸/.test(e.name) && e.measurement?.flag) || e.text?.includes("瘙痒"))
    .slice(0, max)
    .map((e) => e.eventId);
}

export const DEMO_CUTOFF_LABEL = "2031-08-18 · 32+0 wk";

/** Two discharge summaries with long sections (one partly Chinese) for the note viewer. */
export function buildDemoNotes(seed = 3): ViewerNote[] {
  const r = rng(seed);
  const section = (title: string, chars: number) => ({ title, text: longText(r, chars) });
  return [
    {
      id: "note-1",
      noteNum: 1,
      chartdate: "2031-06-02",
      title: "Discharge summary",
      sections: [
        { title: "Chief Complaint", text: "Itching for one week.\n孕32周，皮肤瘙痒1周，夜间加重。" },
        section("History of Present Illness", 1200),
        section("Brief Hospital Course", 4000),
        { title: "Discharge Medications", text: "1. Ursodeoxycholic acid 250 mg PO bid\n2. Ferrous succinate 100 mg PO qd" },
        { title: "Discharge Diagnosis", text: "Intrahepatic cholestasis of pregnancy\nIron deficiency anaemia" },
      ],
    },
    {
      id: "note-2",
      noteNum: 2,
      chartdate: "2031-07-20",
      title: "Discharge summary",
      sections: [
        section("History of Present Illness", 800),
        section("Brief Hospital Course", 2500),
        {
          title: "Discharge Instructions",
          text: "Return if itching worsens, fetal movements decrease, or you have bleeding.\n如瘙痒加重、胎动减少或阴道流血，请及时就诊。",
        },
      ],
    },
  ];
}
