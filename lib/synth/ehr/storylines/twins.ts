/** Twin pregnancy: chorionicity at the first-trimester scan sets surveillance and birth timing. */
import { wk } from "../../dates";
import { MP_RULES } from "../rules/multiple";
import type { Visit } from "../record";
import type { EhrEvent } from "../types";
import { diagnose } from "./actions";
import { firstVisit, type StorylineFactory } from "./storyline";

export const twinsStoryline: StorylineFactory = (pb) => {
  const chor = pb.profile.twins;
  if (!chor) return null;
  const mc = chor === "MCDA";
  let chorVisit: Visit | undefined;
  let delVisit: Visit | undefined;
  let chorScan: EhrEvent | undefined;
  // A complication brings its own birth timing; the twin rule is for uncomplicated twins.
  const uncomplicated = !pb.profile.cond.hdp && !pb.profile.cond.icp;

  return {
    name: "twins",
    schedule(visits) {
      chorVisit = firstVisit(visits, (v) => v.tags.has("usNt"));
      delVisit = firstVisit(visits, (v) => v.ga >= wk(31) && v.ga < wk(34, 6) && v.kind !== "admission");
      delVisit?.tags.add("usTwin");
    },
    observe(v) {
      if (v.visit.kind !== "admission") {
        v.hpi.push(
          v.t([`${mc ? "Monochorionic" : "Dichorionic"} diamniotic twin pregnancy.`, `${mc ? "单绒毛膜" : "双绒毛膜"}双羊膜囊双胎妊娠。`]),
        );
      }
    },
    decide(v) {
      if (v.visit === chorVisit) {
        chorScan = v.refs.get("usNt");
        v.candidate(mc ? MP_RULES.surveilMc : MP_RULES.surveilDc, [chorScan, pb.latest.get("usDating")], 6);
      }
      if (v.visit === delVisit && uncomplicated && chorScan) {
        v.candidate(mc ? MP_RULES.deliverMc : MP_RULES.deliverDc, [chorScan, v.refs.get("usTwin") ?? v.refs.get("usGrowth")], 6);
      }
    },
    act(v) {
      if (v.visit === chorVisit) {
        diagnose(v, mc ? "mcda" : "dcda");
        v.plan.push(
          v.t(
            mc
              ? [
                  "Twin clinic: ultrasound every 2 weeks from 16 weeks (TTTS surveillance).",
                  "双胎门诊：孕16周起每2周超声监测双胎输血综合征。",
                ]
              : ["Twin clinic: growth scans every 4 weeks from 20 weeks.", "双胎门诊：孕20周起每4周超声评估生长。"],
          ),
        );
      }
      if (v.visit === delVisit && uncomplicated) {
        v.plan.push(
          v.t(
            mc
              ? ["Planned birth at 36+0–36+6 weeks.", "计划孕36+0–36+6周分娩。"]
              : ["Planned birth at 37+0–37+6 weeks.", "计划孕37+0–37+6周分娩。"],
          ),
        );
      }
    },
  };
};
