/**
 * The delivery admission: always after every decision point, so every history continues
 * past its cutoffs (the viewer must hide all of this). Postpartum events carry no ga_days:
 * gestational age ends at birth.
 */
import { gaLabel } from "../dates";
import { isoAt } from "../dates";
import { listJoin } from "../lang";
import { MED, nm } from "./lexicon";
import type { VisitCtx } from "./record";
import type { Draft } from "./record";
import type { EhrEvent } from "./types";

function at(v: VisitCtx, minute: number, draft: Draft, withGa: boolean): EhrEvent {
  const day = Math.floor(minute / 1440);
  return v.pb.push({
    time: isoAt(v.visit.date, minute),
    ...(withGa ? { ga_days: v.ga + day } : {}),
    visit_id: v.visit.id,
    ...draft,
  });
}

export function admissionReason(v: VisitCtx): string {
  const c = v.pb.profile.cond;
  if (c.hdp?.type === "severe") return v.t(["Preeclampsia with severe features, for delivery", "子痫前期伴严重表现，拟终止妊娠"]);
  if (c.icp) return v.t(["ICP, planned induction of labour", "ICP，计划引产"]);
  if (v.pb.profile.twins) return v.t(["Twin pregnancy, planned birth", "双胎妊娠，计划分娩"]);
  if (c.prolonged) return v.t(["41 weeks, induction of labour", "孕41周，引产"]);
  return v.t(["Regular painful contractions", "规律下腹痛"]);
}

/** Called in the act phase of the admission visit (after storylines added prophylaxis). */
export function chartDelivery(v: VisitCtx): void {
  const { pb, lang } = v;
  const r = pb.rng;
  const p = pb.profile;
  const cs = p.cesarean;
  const start = v.planAt ?? v.visit.start + 60;
  const born = start + (cs ? r.int(60, 240) : r.int(180, 840));
  const n = p.twins ? 2 : 1;
  const babies: string[] = [];
  for (let f = 0; f < n; f++) {
    const b = pb.physio.biometry(v.ga, f);
    const w = Math.round(b.efw * r.float(0.93, 1.07));
    const sex = f === 0 ? p.fetalSex : r.chance(0.5) ? "F" : "M";
    babies.push(
      v.t([
        `${n > 1 ? (f === 0 ? "Twin A: " : "Twin B: ") : ""}live ${sex === "F" ? "girl" : "boy"}, ${w} g, Apgar 9/10`,
        `${n > 1 ? (f === 0 ? "胎儿A：" : "胎儿B：") : ""}活${sex === "F" ? "女" : "男"}婴，体重${w} g，Apgar评分9/10分`,
      ]),
    );
  }
  const ebl = cs ? r.int(300, 700) : r.int(150, 450);
  at(
    v,
    born,
    {
      event_type: "procedure",
      name: nm(lang, cs ? "cesarean" : "vaginal"),
      value: ebl,
      unit: "mL",
      text: v.t([
        `Delivered at ${gaLabel(v.ga)} weeks: ${listJoin(lang, babies)}. Estimated blood loss ${ebl} mL. Placenta complete.`,
        `孕${gaLabel(v.ga)}周分娩：${listJoin(lang, babies)}。估计出血${ebl} mL，胎盘胎膜娩出完整。`,
      ]),
    },
    true,
  );
  at(
    v,
    born + 5,
    {
      event_type: "medication",
      name: v.t(MED.oxytocin),
      value: 10,
      unit: "IU",
      text: v.t(["IM after delivery of the baby", "胎儿娩出后肌注"]),
    },
    true,
  );
  at(
    v,
    born + 20,
    {
      event_type: "diagnosis",
      name: v.t(cs ? ["Delivered by cesarean section", "剖宫产术后"] : ["Delivered vaginally", "经阴道分娩"]),
      text: babies.join(lang === "en" ? "; " : "；"),
    },
    true,
  );
  const los = cs ? r.int(3, 4) : r.int(2, 3);
  const dayStart = Math.floor(born / 1440) * 1440;
  for (let d = 1; d < los; d++) {
    const hb = Math.round(pb.physio.hb(v.ga) - r.int(5, 15));
    at(
      v,
      dayStart + d * 1440 + r.int(420, 540),
      {
        event_type: "clinical_note",
        name: nm(lang, "noteProgress"),
        text: v.t([
          `Postpartum day ${d}. Afebrile, BP ${r.int(108, 132)}/${r.int(66, 84)} mmHg. Uterus firm at the umbilicus, lochia moderate. ${cs ? "Wound clean and dry. " : "Perineum healing. "}Breastfeeding established. Hb ${hb} g/L. Plan: continue routine postnatal care.`,
          `产后第${d}天。体温正常，血压${r.int(108, 132)}/${r.int(66, 84)} mmHg。宫底脐平，质硬，恶露量中等。${cs ? "切口干燥无渗出。" : "会阴伤口愈合好。"}母乳喂养中。血红蛋白${hb} g/L。继续产后常规护理。`,
        ]),
      },
      false,
    );
  }
  const dx = listJoin(lang, [...pb.diagnoses, ...(cs ? [v.t(["Cesarean delivery", "剖宫产"])] : [])]);
  at(
    v,
    dayStart + los * 1440 + r.int(540, 660),
    {
      event_type: "clinical_note",
      name: nm(lang, "noteDischarge"),
      text: v.t([
        `Admitted ${v.visit.date} at ${gaLabel(v.ga)} weeks (${admissionReason(v)}). ${babies.join("; ")}. Diagnoses: ${dx || "term pregnancy"}. Discharged well on postpartum day ${los}; postnatal check at 42 days.`,
        `${v.visit.date}入院，孕${gaLabel(v.ga)}周(${admissionReason(v)})。${babies.join("；")}。出院诊断：${dx || "足月妊娠"}。产后第${los}天出院，产后42天复查。`,
      ]),
    },
    false,
  );
}
