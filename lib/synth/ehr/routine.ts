/**
 * What happens at every visit regardless of storyline: vitals, the tests due (by tag),
 * routine prescriptions and the booking for the next visit.
 */
import { addDays, gaLabel } from "../dates";
import { listJoin } from "../lang";
import {
  emitBloodGroup,
  emitCbc,
  emitCoag,
  emitFerritin,
  emitFpg,
  emitInfection,
  emitLiver,
  emitRenal,
  emitTba,
  emitThyroid,
  emitUrinalysis,
} from "./emit/labs";
import { emitBookingExtras } from "./emit/booking-extra";
import { emitGbs, emitHcg, emitNipt, emitOgtt } from "./emit/screening";
import { emitBiometryScan, emitDatingScan, emitNtScan } from "./emit/ultrasound";
import { emitVitals } from "./emit/vitals";
import { nm } from "./lexicon";
import type { Tag, VisitCtx } from "./record";
import { prescribe } from "./storylines/actions";

export function routineObserve(v: VisitCtx): void {
  const t = v.visit.tags;
  const r = v.pb.rng;
  emitVitals(v);
  if (v.visit.kind === "early") {
    v.complaints.push(v.t([`Amenorrhoea for ${v.ga} days; home pregnancy test positive`, `停经${v.ga}天，自测尿妊娠试验阳性`]));
    v.hpi.push(
      v.t([
        "Attends the early pregnancy clinic to confirm an intrauterine pregnancy; no pain, no bleeding.",
        "就诊早孕门诊以明确宫内妊娠，无腹痛及阴道流血。",
      ]),
    );
  }
  if (v.visit.kind !== "early") emitUrinalysis(v);
  if (t.has("hcg")) emitHcg(v);
  if (t.has("usDating")) emitDatingScan(v);
  if (t.has("booking")) {
    emitBloodGroup(v);
    emitInfection(v);
    emitFpg(v);
    emitThyroid(v);
    if (!v.pb.brief) emitBookingExtras(v);
  }
  if (t.has("antibody")) emitBloodGroup(v, true);
  // Blood count at every booked visit, as in Chinese antenatal clinics.
  if (t.has("cbc") || (v.visit.kind === "routine" && !v.pb.brief)) emitCbc(v);
  if (t.has("ferritin")) emitFerritin(v);
  if (t.has("liver")) emitLiver(v, t.has("tba"));
  else if (t.has("tba")) emitTba(v);
  if (t.has("renal")) emitRenal(v);
  if (t.has("coag")) emitCoag(v);
  if (t.has("ogtt")) emitOgtt(v);
  if (t.has("usNt")) emitNtScan(v);
  if (t.has("nipt")) emitNipt(v);
  if (t.has("usAnatomy")) emitBiometryScan(v, "usAnatomy");
  if (t.has("usGrowth") && !t.has("usTwin")) emitBiometryScan(v, v.pb.profile.twins ? "usTwin" : "usGrowth");
  if (t.has("usTwin")) emitBiometryScan(v, "usTwin");
  if (t.has("gbs")) emitGbs(v);
  if (t.has("nst")) {
    const base = r.int(130, 150);
    v.observe(
      r.int(40, 70),
      {
        event_type: "procedure",
        name: nm(v.lang, "nst"),
        value: v.t(["Reactive", "反应型"]),
        text: v.t([
          `Baseline ${base} bpm, variability 6–25 bpm, ${r.int(2, 5)} accelerations in 20 min, no decelerations; no contractions.`,
          `基线${base}次/分，变异6–25次/分，20分钟内加速${r.int(2, 5)}次，无减速，无宫缩。`,
        ]),
      },
      "nst",
    );
  }
}

const TAG_NAMES: Partial<Record<Tag, readonly [string, string]>> = {
  usNt: ["NT scan", "NT超声"],
  nipt: ["NIPT", "NIPT"],
  usAnatomy: ["anatomy scan", "系统超声"],
  ogtt: ["fasting 75 g OGTT", "空腹75g OGTT"],
  cbc: ["blood count", "血常规"],
  liver: ["liver function", "肝功能"],
  tba: ["bile acids", "胆汁酸"],
  gbs: ["GBS swab", "GBS拭子"],
  usGrowth: ["growth scan", "生长超声"],
  usTwin: ["twin scan", "双胎超声"],
  nst: ["NST", "NST"],
  coag: ["coagulation", "凝血功能"],
};

/** Routine actions and the next-appointment line (returned for the plan note). */
export function routineAct(v: VisitCtx): string {
  const { pb, lang } = v;
  if (v.visit.kind === "booking") prescribe(v, "folic", 0.4, "mg", ["orally once daily", "口服，每日一次"], 2);
  if (v.visit.tags.has("usAnatomy")) prescribe(v, "calcium", 600, "mg", ["orally once daily", "口服，每日一次"], 2);
  v.act(1, {
    event_type: "diagnosis",
    name: v.t([`Intrauterine pregnancy ${gaLabel(v.ga)} weeks`, `宫内孕${gaLabel(v.ga)}周`]),
    text: v.t([
      `G${pb.profile.gravida}P${pb.profile.para}${pb.profile.twins ? ", twins" : ""}`,
      `G${pb.profile.gravida}P${pb.profile.para}${pb.profile.twins ? "，双胎" : ""}`,
    ]),
  });
  const i = pb.visits.indexOf(v.visit);
  // Only booked (routine) appointments: an unscheduled visit is not known in advance.
  const next = pb.visits.slice(i + 1).find((x) => x.kind === "routine");
  if (!next) return v.t(["Await labour / admission as planned.", "按计划待产或入院。"]);
  const due = [...next.tags]
    .map((t) => TAG_NAMES[t])
    .filter((x): x is readonly [string, string] => !!x)
    .map((x) => v.t(x));
  const when = v.t([
    `Next visit ${addDays(v.visit.date, next.ga - v.ga)} (${gaLabel(next.ga)} weeks)`,
    `下次产检${addDays(v.visit.date, next.ga - v.ga)}(孕${gaLabel(next.ga)}周)`,
  ]);
  return due.length ? `${when}${v.t([": ", "："])}${listJoin(lang, due)}${v.t([".", "。"])}` : `${when}${v.t([".", "。"])}`;
}
