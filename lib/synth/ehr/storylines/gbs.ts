/** GBS: universal culture at 36+0–37+6 weeks; positive → intrapartum prophylaxis (cefazolin if low-risk penicillin allergy). */
import { wk } from "../../dates";
import { SCREENING } from "../rules/screening";
import type { Visit } from "../record";
import { diagnose, prescribe } from "./actions";
import { firstVisit, type StorylineFactory } from "./storyline";

export const gbsStoryline: StorylineFactory = (pb) => {
  const pos = pb.profile.cond.gbs;
  const allergy = pb.profile.cond.pcnAllergy;
  let swab: Visit | undefined;
  let review: Visit | undefined;

  return {
    name: "gbs",
    schedule(visits) {
      swab = firstVisit(visits, (v) => v.tags.has("gbs") && v.ga >= wk(36) && v.ga <= wk(37, 6));
      const sGa = swab?.ga;
      if (sGa !== undefined) review = firstVisit(visits, (v) => v.ga >= sGa + 4 && v.kind !== "admission");
    },
    decide(v) {
      if (v.visit === swab) v.candidate(SCREENING.gbsScreen, [v.refs.get("note")], 1.6);
      if (v.visit === review && pos) {
        const result = pb.latest.get("gbs");
        if (!result || result.time > v.iso(v.cutoffMinute())) return;
        if (allergy) v.candidate(SCREENING.gbsAllergy, [pb.latest.get("bookingNote"), result], 6);
        else v.candidate(SCREENING.gbsIap, [result, v.refs.get("note")], 6);
      }
    },
    act(v) {
      if (v.visit === swab) v.plan.push(v.t(["Rectovaginal swab taken for GBS culture.", "已取阴道-直肠拭子送GBS培养。"]));
      if (v.visit === review && pos) {
        diagnose(v, "gbs");
        v.plan.push(
          v.t(
            allergy
              ? ["GBS positive, penicillin allergy (rash): intrapartum IV cefazolin.", "GBS阳性，青霉素过敏(皮疹)：产时静脉头孢唑林预防。"]
              : [
                  "GBS positive: intrapartum IV penicillin G at labour onset / rupture of membranes.",
                  "GBS阳性：临产或破膜后产时静脉青霉素G预防。",
                ],
          ),
        );
      }
      if (v.visit.kind === "admission" && pos) {
        if (allergy)
          prescribe(
            v,
            "cefazolin",
            2,
            "g",
            ["IV at labour onset, then 1 g every 8 h until delivery", "临产时静滴，之后每8小时1 g至分娩"],
            10,
          );
        else
          prescribe(
            v,
            "penicillin",
            5,
            "MU",
            ["IV at labour onset, then 2.5 MU every 4 h until delivery", "临产时静滴，之后每4小时250万单位至分娩"],
            10,
          );
      }
    },
  };
};
