/**
 * ICP: pruritus from late T2/T3, bile acids ≥ 10 µmol/L at presentation; UDCA; weekly
 * bile acids; delivery timed by the peak (RCOG 2022: ≥ 100 → 35–36 wk, 40–99 → 38–39 wk).
 * Bile acids stay below the peak everywhere except at the peak visit, so the peak is
 * exactly the value the decision refers to.
 */
import { wk } from "../../dates";
import { ICP_RULES } from "../rules/icp";
import { emitTba } from "../emit/labs";
import type { Visit } from "../record";
import type { EhrEvent } from "../types";
import { newVisit } from "../schedule";
import { diagnose, prescribe } from "./actions";
import { firstVisit, type StorylineFactory } from "./storyline";

export const icpStoryline: StorylineFactory = (pb) => {
  const c = pb.profile.cond.icp;
  if (!c) return null;
  const r = pb.rng;
  const sev = c.severity;
  const presVal = sev === "severe" ? r.float(24, 60) : sev === "moderate" ? r.float(14, 36) : r.float(11, 30);
  const peakVal = sev === "severe" ? r.float(104, 190) : sev === "moderate" ? r.float(42, 95) : Math.min(38, presVal + r.float(0, 8));
  let present: Visit | undefined;
  let review: Visit | undefined;
  let peak: Visit | undefined;
  let pruritusNote: EhrEvent | undefined;
  let tbaPresent: EhrEvent | undefined;
  let dxEvent: EhrEvent | undefined;
  const dxVisit = () => review ?? present;

  pb.physio.mods.tba = (ga, normal) => {
    if (!present || ga < present.ga) return normal;
    if (peak && ga === peak.ga) return peakVal;
    const pg = peak?.ga ?? present.ga + 7;
    const x =
      ga <= pg
        ? presVal + ((peakVal - presVal) * (ga - present.ga)) / Math.max(1, pg - present.ga)
        : peakVal * (1 - (0.25 * (ga - pg)) / 14);
    // Below the peak everywhere else, and never below the diagnostic cutoff once ICP is established.
    // Before a severe peak the level stays < 100 so the ≥ 100 decision falls exactly on the peak visit.
    const cap = peak && ga < peak.ga && sev === "severe" ? 95 : peakVal * 0.93;
    return Math.max(10.5, Math.min(cap, x * r.float(0.95, 1.05)));
  };
  pb.physio.mods.alt = (ga, normal) => (present && ga >= present.ga ? r.float(48, 160) : normal);
  pb.physio.mods.ast = (ga, normal) => (present && ga >= present.ga ? r.float(42, 120) : normal);

  return {
    name: "icp",
    schedule(visits) {
      const next = firstVisit(visits, (v) => v.kind === "routine" && v.ga >= c.onsetGa + 3);
      if (!next || next.ga > c.onsetGa + 12 || r.chance(0.3)) {
        present = newVisit(c.onsetGa + r.int(3, 8), "unscheduled", [], ["icp-pruritus"]);
        visits.push(present);
      } else present = next;
      present.tags.add("liver");
      if (r.chance(0.4)) {
        // Bile acids sent out; reviewed 2–3 days later (L2 evidence).
        review = newVisit(present.ga + r.int(2, 3), "unscheduled", [], ["icp-review"]);
        visits.push(review);
      } else present.tags.add("tba");
      const dxGa = (review ?? present).ga;
      if (sev !== "mild") {
        const latest = sev === "severe" ? wk(35) : pb.profile.deliveryGa - 6;
        const pg = Math.min(latest, dxGa + r.int(6, 13));
        if (pg > dxGa + 2) {
          peak = newVisit(pg, "unscheduled", ["tba", "liver", "nst"], ["icp-review"]);
          visits.push(peak);
        }
      }
      // Weekly bile acids and fetal monitoring after diagnosis.
      for (let ga = dxGa + 7; ga < pb.profile.deliveryGa; ga += 7) {
        if (!visits.some((v) => Math.abs(v.ga - ga) <= 3)) visits.push(newVisit(ga, "unscheduled", [], ["icp-review"]));
      }
      for (const v of visits) if (v.ga > dxGa) (["tba", "liver", "nst"] as const).forEach((t) => v.tags.add(t));
    },
    observe(v) {
      if (v.visit === present) {
        const days = r.int(4, 12);
        v.positives.add("pruritus");
        v.complaints.push(v.t(["Itching", "皮肤瘙痒"]));
        v.hpi.push(
          v.t([
            `Reports generalised pruritus for ${days} days, worst on the palms and soles and at night; no rash, no jaundice, no dark urine.`,
            `诉全身皮肤瘙痒${days}天，以手掌、足底为甚，夜间加重，无皮疹，无黄疸，无尿色加深。`,
          ]),
        );
        v.exam.push(
          v.t([
            "Excoriations on both forearms; no primary skin lesion; sclerae not icteric.",
            "双前臂可见抓痕，未见原发皮损，巩膜无黄染。",
          ]),
        );
        // Reported the next day, i.e. at least a day before the review (visits may have shifted).
        if (review) tbaPresent = emitTba(v, review.ga - present.ga >= 2 ? 1 : 0);
      }
      if (v.visit === review) {
        v.positives.add("pruritus");
        v.complaints.push(v.t(["Review of bile acid result", "复查胆汁酸结果"]));
        v.hpi.push(
          v.t(["Still has pruritus, disturbing sleep; here for the bile acid result.", "仍诉皮肤瘙痒，影响睡眠，今来复诊取胆汁酸结果。"]),
        );
      }
      if (dxEvent && v.ga > (dxVisit()?.ga ?? 0)) {
        v.positives.add("pruritus");
        v.hpi.push(v.t(["On ursodeoxycholic acid; pruritus partly improved.", "服用熊去氧胆酸中，瘙痒部分缓解。"]));
      }
    },
    decide(v) {
      if (v.visit === present) pruritusNote = v.refs.get("note");
      if (v.visit === present && !review) tbaPresent = v.refs.get("tba");
      if (v.visit === dxVisit()) {
        const ev = review ? [pruritusNote, tbaPresent, v.refs.get("note")] : [pruritusNote, tbaPresent];
        v.candidate(ICP_RULES.diagnose, ev, 6);
      }
      // Twins have their own birth timing, which would contradict the 38–39 wk band.
      if (peak && v.visit === peak && dxEvent && (sev === "severe" || !pb.profile.twins)) {
        v.candidate(sev === "severe" ? ICP_RULES.deliver100 : ICP_RULES.deliver40, [v.refs.get("tba"), dxEvent], 6);
      }
    },
    act(v) {
      if (v.visit === dxVisit()) {
        dxEvent = diagnose(v, "icp");
        prescribe(v, "udca", 250, "mg", ["orally three times daily", "口服，每日三次"]);
        v.plan.push(
          v.t([
            "Weekly bile acids and LFTs; NST weekly; report reduced fetal movements at once.",
            "每周复查胆汁酸及肝功能，每周NST，胎动减少立即就诊。",
          ]),
        );
        v.education.push(
          v.t([
            "ICP explained: itching, risk to the baby rises with bile acid level; timing of delivery depends on the peak level.",
            "已告知ICP相关知识：胎儿风险随胆汁酸水平升高而增加，分娩时机取决于胆汁酸峰值。",
          ]),
        );
      }
      if (peak && v.visit === peak) {
        if (sev === "severe") {
          diagnose(v, "icpSevere");
          v.plan.push(
            v.t(["Bile acids ≥ 100 µmol/L: admit for planned delivery at 36+0 weeks.", "胆汁酸≥100 µmol/L：计划孕36+0周终止妊娠。"]),
          );
        } else {
          v.plan.push(v.t(["Peak bile acids 40–99 µmol/L: plan induction at 38 weeks.", "胆汁酸峰值40–99 µmol/L：计划孕38周引产。"]));
        }
      }
    },
  };
};
