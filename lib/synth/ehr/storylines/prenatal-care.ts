/** Routine antenatal care decisions available to every patient (NT timing, anatomy scan, OGTT, anti-D, 41 weeks). */
import { wk } from "../../dates";
import { PRENATAL_CARE } from "../rules/prenatal-care";
import { newVisit } from "../schedule";
import { prescribe } from "./actions";
import type { StorylineFactory } from "./storyline";

export const prenatalCareStoryline: StorylineFactory = (pb) => {
  const p = pb.profile;
  return {
    name: "prenatal-care",
    schedule(visits) {
      if (p.cond.rhNeg && !visits.some((v) => v.tags.has("antibody"))) {
        visits.push(newVisit(wk(28) + pb.rng.int(0, 3), "unscheduled", ["antibody"], ["anti-d"]));
      }
    },
    decide(v) {
      const k = v.visit.kind;
      if (k === "booking" && v.ga < wk(11, 3)) v.candidate(PRENATAL_CARE.nt, [pb.latest.get("usDating")], 0.25);
      if (k === "routine" && v.ga >= wk(15, 3) && v.ga < wk(18))
        v.candidate(PRENATAL_CARE.anatomy, [pb.latest.get("usNt"), v.refs.get("note")], 0.35);
      if (v.visit.tags.has("usAnatomy")) v.candidate(PRENATAL_CARE.ogtt, [pb.latest.get("fpg"), v.refs.get("note")], 0.4);
      if (p.cond.rhNeg && v.visit.tags.has("antibody"))
        v.candidate(PRENATAL_CARE.rh, [pb.latest.get("bloodGroup"), v.refs.get("antibody")], 5);
      const plain = !p.twins && !p.cond.hdp && !p.cond.icp;
      const term = plain && !p.cond.gdm?.insulin && k === "routine" && v.ga >= wk(40) && v.ga < wk(41);
      if (term) v.candidate(PRENATAL_CARE.term, [pb.latest.get("usDating"), v.refs.get("nst"), v.refs.get("note")], 2.5);
      if (plain && k === "routine" && v.ga >= wk(41))
        v.candidate(PRENATAL_CARE.postdates, [pb.latest.get("usDating"), v.refs.get("nst"), v.refs.get("note")], 4);
    },
    act(v) {
      if (p.cond.rhNeg && v.visit.tags.has("antibody")) prescribe(v, "antiD", 300, "µg", ["IM single dose", "肌注，单次"]);
      if (v.ga >= wk(41) && v.visit.kind === "routine") v.plan.push(v.t(["Admit for induction of labour.", "收入院引产。"]));
      if (v.visit.tags.has("usAnatomy")) v.plan.push(v.t(["Fasting 75 g OGTT at the 24-week visit.", "孕24周产检时空腹行75g OGTT。"]));
    },
  };
};
