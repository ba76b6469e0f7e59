/**
 * Hypertensive disorders: new BP ≥ 140/90 after 20 weeks, confirmed ≥ 4 h later (same day
 * → L1 evidence, or at a recheck visit 2–5 days later → L2); preeclampsia adds proteinuria
 * ≥ 2+; severe features are BP ≥ 160/110, platelets < 100 or transaminases ≥ 2× ULN.
 * Also low-dose aspirin for women at high risk (previous preeclampsia, twins).
 */
import { wk } from "../../dates";
import { tr } from "../../lang";
import { HDP_RULES } from "../rules/hypertension";
import { bpEvent } from "../emit/vitals";
import { nm } from "../lexicon";
import type { Visit } from "../record";
import type { EhrEvent } from "../types";
import { newVisit } from "../schedule";
import { diagnose, prescribe } from "./actions";
import { firstVisit, type StorylineFactory } from "./storyline";

export const hdpStoryline: StorylineFactory = (pb) => {
  const h = pb.profile.cond.hdp;
  const p = pb.profile;
  const aspirin = p.cond.prevPe || p.twins !== null;
  if (!h && !aspirin) return null;
  const r = pb.rng;
  const severeByLab = h?.type === "severe" && r.chance(0.5);
  const labFeature = r.chance(0.5) ? "plt" : "alt";
  let asaVisit: Visit | undefined;
  let detect: Visit | undefined;
  let recheck: Visit | undefined;
  let bp1: EhrEvent | undefined;
  let treated = false;
  const decisionVisit = () => recheck ?? detect;

  if (h) {
    pb.physio.mods.bp = (ga, normal) => {
      if (!detect || ga < detect.ga) return normal;
      if (treated) return [r.int(132, 148), r.int(84, 96)];
      if (h.type === "severe" && !severeByLab) return [r.int(160, 176), r.int(104, 116)];
      return [r.int(141, 156), r.int(90, 102)];
    };
    if (h.type === "pe" || (h.type === "severe" && r.chance(0.6))) {
      pb.physio.mods.urineProtein = (ga, normal) => (detect && ga >= detect.ga ? r.pick(["2+", "3+"] as const) : normal);
    }
    if (severeByLab && labFeature === "plt") pb.physio.mods.plt = (ga, n) => (detect && ga >= detect.ga ? r.int(62, 96) : n);
    if (severeByLab && labFeature === "alt") {
      pb.physio.mods.alt = (ga, n) => (detect && ga >= detect.ga ? r.int(86, 240) : n);
      pb.physio.mods.ast = (ga, n) => (detect && ga >= detect.ga ? r.int(80, 200) : n);
    }
  }

  return {
    name: "hypertension",
    schedule(visits) {
      if (aspirin) asaVisit = firstVisit(visits, (v) => v.kind !== "early" && v.ga >= wk(11) && v.ga < wk(16));
      if (!h) return;
      detect = firstVisit(visits, (v) => v.kind === "routine" && v.ga >= h.onsetGa);
      if (!detect || detect.ga > h.onsetGa + 14) {
        detect = newVisit(h.onsetGa, "unscheduled", [], ["bp-check"]);
        visits.push(detect);
      }
      (["cbc", "liver", "renal"] as const).forEach((t) => detect?.tags.add(t));
      if (!h.sameDayRecheck && h.type !== "severe") {
        recheck = newVisit(detect.ga + r.int(2, 5), "unscheduled", ["cbc", "liver", "renal"], ["bp-recheck"]);
        visits.push(recheck);
      }
      const dGa = (recheck ?? detect).ga;
      if (h.type === "severe") p.deliveryGa = Math.min(p.deliveryGa, dGa + r.int(1, 3));
      for (let ga = dGa + 7; ga < p.deliveryGa; ga += 7) {
        if (!visits.some((v) => Math.abs(v.ga - ga) <= 3)) visits.push(newVisit(ga, "unscheduled", ["cbc", "liver"], ["bp-check"]));
      }
    },
    observe(v) {
      if (!h || !detect) return;
      if (v.visit === detect) {
        bp1 = v.refs.get("bp");
        v.hpi.push(v.t(["Blood pressure raised at triage; asymptomatic.", "分诊时发现血压升高，无自觉不适。"]));
        if (!recheck) {
          const offset = h.type === "severe" && !severeByLab ? r.int(15, 25) : r.int(245, 300);
          bpEvent(v, offset, pb.physio.bp(v.ga), "bp2");
          v.exam.push(v.t(["Repeat BP after rest recorded (see vitals).", "休息后复测血压(见生命体征记录)。"]));
        }
      }
      if (v.visit === recheck) v.hpi.push(v.t(["Returns for repeat blood pressure check as arranged.", "按约复测血压。"]));
      if (v.ga >= detect.ga)
        v.exam.push(
          v.t([
            `Oedema ${r.pick(["+", "++", "trace"])} to the ankles; knee reflexes normal.`,
            `双下肢水肿${r.pick(["+", "++", "±"])}，膝反射正常。`,
          ]),
        );
    },
    decide(v) {
      if (aspirin && v.visit === asaVisit) {
        const ev = p.cond.prevPe ? pb.latest.get("bookingNote") : (pb.latest.get("usNt") ?? pb.latest.get("usDating"));
        if (ev && ev.time <= v.iso(v.cutoffMinute())) v.candidate(HDP_RULES.aspirin, [ev], 3);
      }
      if (!h || v.visit !== decisionVisit()) return;
      const bp2 = recheck ? v.refs.get("bp") : v.refs.get("bp2");
      const base = [bp1, bp2, v.refs.get("urinalysis")];
      if (h.type === "gh") v.candidate(HDP_RULES.gh, [...base, v.refs.get("cbc"), v.refs.get("liver")], 6);
      else if (h.type === "pe") v.candidate(HDP_RULES.pe, base, 6);
      else v.candidate(HDP_RULES.severe, severeByLab ? [...base, v.refs.get(labFeature === "plt" ? "cbc" : "liver")] : base, 6);
    },
    act(v) {
      if (aspirin && v.visit === asaVisit) {
        prescribe(v, "aspirin", 100, "mg", ["orally at night until 36 weeks", "每晚口服，至孕36周"]);
      }
      if (!h || v.visit !== decisionVisit()) return;
      treated = h.type !== "gh";
      v.later(
        1,
        r.int(600, 840),
        {
          event_type: "lab_test",
          name: nm(v.lang, "prot24"),
          value: h.type === "gh" ? r.round(0.08, 0.25, 2) : r.round(0.4, 2.6, 2),
          unit: "g/24h",
          ref_range: { high: 0.3 },
          flag: h.type === "gh" ? "N" : "H",
        },
        "prot24",
      );
      if (h.type === "gh") {
        diagnose(v, "gh");
        v.plan.push(
          v.t([
            "Home BP twice daily; review twice weekly; 24-hour urine protein; growth scan.",
            "家庭自测血压每日两次，每周复诊两次，查24小时尿蛋白，复查胎儿生长超声。",
          ]),
        );
      } else if (h.type === "pe") {
        diagnose(v, "pe");
        prescribe(v, "labetalol", 100, "mg", ["orally twice daily", "口服，每日两次"]);
        v.plan.push(v.t(["Twice-weekly review with labs; plan delivery at 37+0 weeks.", "每周两次复诊及化验，计划孕37+0周终止妊娠。"]));
      } else {
        diagnose(v, "peSevere");
        prescribe(v, "mgso4", 4, "g", ["IV loading over 20 min, then 1 g/h", "静脉负荷20分钟，继以1 g/h维持"]);
        prescribe(v, "labetalol", 200, "mg", ["orally, repeat per BP protocol", "口服，按血压方案重复"], 5);
        if (v.ga < wk(34)) prescribe(v, "dexa", 6, "mg", ["IM every 12 h × 4 doses", "肌注，每12小时一次，共4次"], 7);
        v.plan.push(
          tr(v.lang, ["Admitted to the antenatal ward; delivery planned after stabilisation.", "收入产科病房，病情稳定后计划终止妊娠。"]),
        );
      }
    },
  };
};
