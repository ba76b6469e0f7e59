/**
 * Iron-deficiency anemia found at booking (T1, Hb < 110), at 24–28 weeks (T2, Hb < 105) or at 36 weeks (T3),
 * treated with oral iron; the recheck 3–5 weeks later shows a rise (responder) or not
 * (< 10 g/L rise, Hb still < 100), which is the IV-iron decision (L3 evidence).
 */
import { wk } from "../../dates";
import { METABOLIC_RULES } from "../rules/metabolic";
import type { Visit } from "../record";
import type { EhrEvent } from "../types";
import { newVisit } from "../schedule";
import { diagnose, prescribe } from "./actions";
import { firstVisit, type StorylineFactory } from "./storyline";

export const anemiaStoryline: StorylineFactory = (pb) => {
  const a = pb.profile.cond.anemia;
  if (!a) return null;
  const r = pb.rng;
  const hbLow = a.responder ? Math.round(a.onset === "mid" ? 90 + a.depth * 13 : 95 + a.depth * 11) : Math.round(86 + a.depth * 10);
  let dx: Visit | undefined;
  let recheck: Visit | undefined;
  let cbcDx: EhrEvent | undefined;
  let ironRx: EhrEvent | undefined;

  pb.physio.mods.hb = (ga, normal) => {
    if (!dx || ga < dx.ga) return normal;
    if (ga === dx.ga) return hbLow;
    const weeks = (ga - dx.ga) / 7;
    if (a.responder) return Math.min(normal, hbLow + Math.round(weeks * 3.6));
    if (!recheck || ga <= recheck.ga) return hbLow + r.int(0, 3);
    return Math.min(normal, hbLow + 3 + Math.round(((ga - recheck.ga) / 7) * 5));
  };
  pb.physio.mods.ferritin = (ga, normal) => {
    if (!dx || ga < dx.ga) return normal;
    if (!recheck || ga <= recheck.ga) return a.responder && ga > dx.ga ? r.int(16, 28) : r.int(4, 13);
    return r.int(40, 120);
  };

  return {
    name: "anemia",
    schedule(visits) {
      // Booking (T1), the 24–28 week blood count (T2) or the 36-week blood count (T3).
      const at = {
        booking: (v: Visit) => v.kind === "booking",
        mid: (v: Visit) => v.tags.has("ogtt"),
        late: (v: Visit) => v.tags.has("gbs"),
      }[a.onset];
      dx = firstVisit(visits, at);
      if (!dx) return;
      dx.tags.add("cbc");
      dx.tags.add("ferritin");
      const dGa = dx.ga;
      recheck = firstVisit(visits, (v) => v.kind !== "early" && v.ga >= dGa + 21 && v.ga <= dGa + 35);
      if (!recheck) {
        recheck = newVisit(dGa + r.int(26, 30), "unscheduled", [], ["anemia-recheck"]);
        visits.push(recheck);
      }
      recheck.tags.add("cbc");
      recheck.tags.add("ferritin");
      const rGa = recheck.ga;
      const later = firstVisit(visits, (v) => v.ga >= rGa + 14 && v.ga < wk(37));
      later?.tags.add("cbc");
    },
    observe(v) {
      if (v.visit === dx) v.hpi.push(v.t(["Reports tiredness on exertion; no bleeding.", "诉活动后乏力，无出血。"]));
      if (v.visit === dx) v.exam.push(v.t(["Mild conjunctival pallor.", "睑结膜稍苍白。"]));
      if (v.visit === recheck) v.hpi.push(v.t(["Taking oral iron as prescribed; mild constipation.", "遵医嘱口服铁剂，轻度便秘。"]));
    },
    decide(v) {
      if (v.visit === dx) {
        cbcDx = v.refs.get("cbc");
        v.candidate(METABOLIC_RULES.anemiaDx, [cbcDx, v.refs.get("ferritin")], 5);
      }
      if (v.visit === recheck && !a.responder && cbcDx && ironRx) {
        v.candidate(METABOLIC_RULES.anemiaIv, [cbcDx, ironRx, v.refs.get("cbc")], 6);
      }
    },
    act(v) {
      if (v.visit === dx) {
        diagnose(v, "ida");
        ironRx = prescribe(v, "ironOral", 100, "mg", [
          "orally twice daily (elemental iron), with vitamin C",
          "口服，每日两次(元素铁)，同服维生素C",
        ]);
        v.education.push(
          v.t([
            "Iron-rich diet: red meat, liver, blood products; avoid tea with meals.",
            "富铁饮食：红肉、动物肝脏及血制品；餐时避免饮茶。",
          ]),
        );
      }
      if (v.visit === recheck) {
        if (a.responder)
          v.plan.push(
            v.t(["Hb improving on oral iron; continue and recheck at 36 weeks.", "口服铁剂后血红蛋白上升，继续服用，孕36周复查。"]),
          );
        else prescribe(v, "ironIv", 200, "mg", ["IV infusion, 5 doses over 2 weeks", "静脉滴注，2周内共5次"]);
      }
    },
  };
};
