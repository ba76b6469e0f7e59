/**
 * First-trimester aneuploidy screening: NT at 11+3–13+6 and NIPT (reported 7–12 days after
 * the draw). Increased NT or high-risk NIPT → invasive diagnosis (here always normal, so the
 * pregnancy continues); normal NT + low-risk NIPT in a woman under 35 → routine care.
 */
import { wk } from "../../dates";
import { SCREENING } from "../rules/screening";
import { nm } from "../lexicon";
import type { Visit } from "../record";
import { newVisit } from "../schedule";
import { diagnose } from "./actions";
import { firstVisit, type StorylineFactory } from "./storyline";

export const screeningStoryline: StorylineFactory = (pb) => {
  const screen = pb.profile.cond.screen;
  const r = pb.rng;
  let ntVisit: Visit | undefined;
  let counsel: Visit | undefined;
  let amnio: Visit | undefined;
  let lowVisit: Visit | undefined;

  return {
    name: "screening",
    schedule(visits) {
      ntVisit = firstVisit(visits, (v) => v.tags.has("usNt"));
      if (!ntVisit) return;
      const nGa = ntVisit.ga;
      if (screen === "nt") {
        ntVisit.tags.delete("nipt");
        amnio = newVisit(Math.max(nGa + 21, wk(16, 2)), "unscheduled", [], ["prenatal-diagnosis"]);
        visits.push(amnio);
      } else if (screen === "nipt") {
        counsel = newVisit(nGa + r.int(13, 15), "unscheduled", [], ["genetic-counselling"]);
        amnio = newVisit(Math.max(nGa + 24, wk(17, 2)), "unscheduled", [], ["prenatal-diagnosis"]);
        visits.push(counsel, amnio);
      } else if (pb.profile.age < 35) {
        lowVisit = firstVisit(visits, (v) => v.kind === "routine" && v.ga >= nGa + 13 && v.ga < wk(20));
      }
    },
    observe(v) {
      if (v.visit === counsel) v.hpi.push(v.t(["Attends genetic counselling for the NIPT report.", "因NIPT报告就诊遗传咨询门诊。"]));
      if (v.visit === amnio) {
        v.hpi.push(
          v.t([
            "Admitted to day unit for amniocentesis after counselling; consent signed.",
            "经咨询后日间病房行羊膜腔穿刺术，已签署知情同意书。",
          ]),
        );
        v.observe(
          r.int(60, 90),
          {
            event_type: "procedure",
            name: nm(v.lang, "amnio"),
            text: v.t([
              "Ultrasound-guided transabdominal amniocentesis, 20 mL clear fluid, single pass; fetal heart normal afterwards.",
              "超声引导下经腹羊膜腔穿刺，一次进针抽取清亮羊水20 mL，术后胎心正常。",
            ]),
          },
          "amnio",
        );
        v.later(
          r.int(18, 24),
          r.int(600, 900),
          {
            event_type: "lab_test",
            name: nm(v.lang, "karyotype"),
            value: pb.profile.fetalSex === "F" ? "46,XX" : "46,XY",
            flag: "N",
            text: v.t([
              "Normal karyotype; chromosomal microarray: no pathogenic copy-number variant.",
              "染色体核型未见异常；染色体微阵列分析未见致病性拷贝数变异。",
            ]),
          },
          "karyotype",
        );
      }
    },
    decide(v) {
      if (screen === "nt" && v.visit === ntVisit) v.candidate(SCREENING.ntHigh, [v.refs.get("usNt")], 6);
      if (screen === "nipt" && v.visit === counsel) v.candidate(SCREENING.niptHigh, [pb.latest.get("nipt")], 6);
      if (v.visit === lowVisit) {
        const nipt = pb.latest.get("nipt");
        if (nipt && nipt.time <= v.iso(v.cutoffMinute())) v.candidate(SCREENING.lowRisk, [pb.latest.get("usNt"), nipt], 0.35);
      }
    },
    act(v) {
      if (screen === "nt" && v.visit === ntVisit) {
        diagnose(v, "ntHigh");
        v.plan.push(
          v.t([
            "Referred to prenatal diagnosis: invasive testing and fetal echocardiography offered.",
            "转诊产前诊断：建议介入性产前诊断及胎儿心脏超声。",
          ]),
        );
      }
      if (screen === "nipt" && v.visit === counsel) {
        diagnose(v, "niptHigh");
        v.plan.push(v.t(["Amniocentesis booked for karyotype and CMA.", "已预约羊膜腔穿刺查染色体核型及CMA。"]));
      }
    },
  };
};
