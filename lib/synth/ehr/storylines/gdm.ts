/**
 * GDM: abnormal 75 g OGTT at 24–28 weeks → nutrition therapy and self-monitoring; a
 * review 9–14 days later either shows targets met or not (fasting ≥ 5.3 / 2 h ≥ 6.7),
 * the latter being the insulin decision with evidence spread over > 7 days (L3).
 */
import { roundTo } from "../../random";
import { METABOLIC_RULES } from "../rules/metabolic";
import { nm } from "../lexicon";
import type { Visit, VisitCtx } from "../record";
import type { EhrEvent, EventItem } from "../types";
import { newVisit } from "../schedule";
import { diagnose, prescribe } from "./actions";
import { firstVisit, type StorylineFactory } from "./storyline";

export const SMBG_TARGETS = { fasting: 5.3, pp2h: 6.7 } as const;

export const gdmStoryline: StorylineFactory = (pb) => {
  const g = pb.profile.cond.gdm;
  if (!g) return null;
  const r = pb.rng;
  let ogttVisit: Visit | undefined;
  let review: Visit | undefined;
  let ogttEv: EhrEvent | undefined;
  let diagnosed = false;
  let onInsulin = false;

  function diary(v: VisitCtx, high: boolean): EhrEvent {
    const fMean = high ? r.float(5.45, 6.2) : r.float(4.4, 5.05);
    const pMean = high ? r.float(6.9, 8.1) : r.float(5.4, 6.45);
    const days: string[] = [];
    let fs = 0;
    let ps = 0;
    for (let d = 1; d <= 7; d++) {
      const f = roundTo(fMean + r.normal(0, 0.15), 1);
      const meals = [0, 1, 2].map(() => roundTo(pMean + r.normal(0, 0.25), 1));
      fs += f;
      ps += meals.reduce((a, b) => a + b, 0);
      days.push(
        v.t([
          `Day ${d}: fasting ${f}, 2 h after breakfast ${meals[0]}, lunch ${meals[1]}, dinner ${meals[2]} mmol/L.`,
          `第${d}天：空腹${f}，早餐后2小时${meals[0]}，午餐后${meals[1]}，晚餐后${meals[2]} mmol/L。`,
        ]),
      );
    }
    const fm = roundTo(fs / 7, 2);
    const pm = roundTo(ps / 21, 2);
    const items: EventItem[] = [
      {
        name: nm(v.lang, "smbgF"),
        value: fm,
        unit: "mmol/L",
        ref_range: { high: SMBG_TARGETS.fasting },
        flag: fm >= SMBG_TARGETS.fasting ? "H" : "N",
      },
      {
        name: nm(v.lang, "smbgPp"),
        value: pm,
        unit: "mmol/L",
        ref_range: { high: SMBG_TARGETS.pp2h },
        flag: pm >= SMBG_TARGETS.pp2h ? "H" : "N",
      },
    ];
    return v.observe(
      r.int(20, 40),
      { event_type: "lab_test", name: nm(v.lang, "smbg"), items, text: days.join(v.lang === "en" ? " " : "") },
      "smbg",
    );
  }

  return {
    name: "gdm",
    schedule(visits) {
      ogttVisit = firstVisit(visits, (v) => v.tags.has("ogtt"));
      if (!ogttVisit) return;
      review = newVisit(ogttVisit.ga + r.int(9, 14), "unscheduled", [], ["gdm-review"]);
      visits.push(review);
    },
    observe(v) {
      if (!diagnosed || v.visit.kind === "admission") return;
      const high = v.visit === review && g.insulin && !onInsulin;
      const ev = diary(v, high);
      // The "high" diary must really be above target, or the insulin rule would not hold.
      if (high && !ev.items?.some((i) => i.flag === "H")) throw new Error("GDM diary generated on target");
      v.hpi.push(
        v.t([
          onInsulin ? "On insulin; brings glucose diary." : "On diet; brings 7-day glucose diary.",
          onInsulin ? "胰岛素治疗中，携带血糖记录就诊。" : "饮食控制中，携带7天血糖记录就诊。",
        ]),
      );
    },
    decide(v) {
      if (v.visit === ogttVisit) {
        ogttEv = v.refs.get("ogtt");
        v.candidate(METABOLIC_RULES.gdmDx, [ogttEv], 6);
      }
      if (v.visit === review && g.insulin && ogttEv) v.candidate(METABOLIC_RULES.gdmInsulin, [ogttEv, v.refs.get("smbg")], 6);
    },
    act(v) {
      if (v.visit === ogttVisit) {
        diagnosed = true;
        diagnose(v, "gdm");
        v.plan.push(
          v.t([
            "Dietitian referral; glucose monitoring fasting and 2 h after meals; review with diary in 1–2 weeks.",
            "营养门诊就诊；监测空腹及三餐后2小时血糖；1–2周后携血糖记录复诊。",
          ]),
        );
        v.education.push(
          v.t([
            "GDM diet: three meals and two to three snacks, 1800–2000 kcal/day, low glycaemic index carbohydrates, 30 min walk after meals.",
            "GDM饮食：三正餐加2–3次加餐，每日1800–2000千卡，选择低升糖指数主食，餐后步行30分钟。",
          ]),
        );
      }
      if (v.visit === review && g.insulin && !onInsulin) {
        onInsulin = true;
        diagnose(v, "gdmA2");
        prescribe(v, "insulinNph", 4, "IU", ["subcutaneously at bedtime, titrate by 2 IU every 3 days", "睡前皮下注射，每3天调整2 IU"]);
      }
    },
  };
};
