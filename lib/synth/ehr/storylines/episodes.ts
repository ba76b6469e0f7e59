/**
 * Incidental episodes that are not decision points: a cold, asymptomatic bacteriuria,
 * reduced fetal movements. Real records are full of these; they give the reader
 * something to skip and the flaw injector irrelevant events to point at.
 */
import { DX, MED, nm } from "../lexicon";
import type { Visit } from "../record";
import { newVisit } from "../schedule";
import { diagnose, prescribe } from "./actions";
import { firstVisit, type StorylineFactory } from "./storyline";

export const episodesStoryline: StorylineFactory = (pb) => {
  const c = pb.profile.cond;
  if (c.uri === null && c.asb === null && c.rfm === null) return null;
  const r = pb.rng;
  let uri: Visit | undefined;
  let asb: Visit | undefined;
  let rfm: Visit | undefined;
  return {
    name: "episodes",
    schedule(visits) {
      if (c.uri !== null) visits.push((uri = newVisit(c.uri, "unscheduled", [], ["uri"])));
      if (c.rfm !== null) visits.push((rfm = newVisit(c.rfm, "unscheduled", ["nst"], ["rfm"])));
      const a = c.asb;
      if (a !== null) asb = firstVisit(visits, (v) => v.kind === "routine" && v.ga >= a);
    },
    observe(v) {
      if (v.visit === uri) {
        const d = r.int(2, 5);
        v.complaints.push(v.t(["Cough and sore throat", "咳嗽、咽痛"]));
        v.hpi.push(
          v.t([
            `Cough, sore throat and runny nose for ${d} days; no fever above 38 °C, no dyspnoea.`,
            `咳嗽、咽痛、流涕${d}天，体温未超过38℃，无呼吸困难。`,
          ]),
        );
        v.exam.push(v.t(["Pharynx mildly injected; chest clear.", "咽部轻度充血，双肺呼吸音清。"]));
      }
      if (v.visit === rfm) {
        v.complaints.push(v.t(["Reduced fetal movements", "胎动减少"]));
        v.positives.add("movements");
        v.hpi.push(
          v.t(["Noticed fewer fetal movements since last night; now feeling movements again.", "自昨晚起自觉胎动减少，现已恢复胎动。"]),
        );
      }
      if (v.visit === asb) {
        // Culture, diagnosis and the phoned prescription all come two days after the visit.
        const minute = r.int(600, 840);
        v.later(2, minute + 45, {
          event_type: "diagnosis",
          name: v.t(DX.asb),
          text: v.t(["Urine culture positive; treated by phone.", "尿培养阳性，电话通知并予治疗。"]),
        });
        v.later(2, minute + 50, {
          event_type: "medication",
          name: v.t(MED.cefalexin),
          value: 500,
          unit: "mg",
          text: v.t(["orally four times daily for 5 days", "口服，每日四次，共5天"]),
        });
        v.later(
          2,
          minute,
          {
            event_type: "lab_test",
            name: nm(v.lang, "urineCulture"),
            value: v.t(["Escherichia coli > 10^5 CFU/mL", "大肠埃希菌>10^5 CFU/mL"]),
            flag: "A",
            text: v.t(["Sensitive to cefalexin, nitrofurantoin; resistant to ampicillin.", "对头孢氨苄、呋喃妥因敏感，对氨苄西林耐药。"]),
          },
          "urineCulture",
        );
      }
    },
    act(v) {
      if (v.visit === uri) {
        diagnose(v, "uri");
        prescribe(v, "paracetamol", 500, "mg", ["orally when needed, max 4 times daily", "必要时口服，每日不超过4次"]);
      }
      if (v.visit === rfm) {
        diagnose(v, "rfm");
        v.plan.push(v.t(["NST reactive; reassured; fetal movement counting explained.", "NST反应型，已安抚，指导自数胎动。"]));
      }
    },
  };
};
