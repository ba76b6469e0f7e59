/** Twin pregnancy: surveillance by chorionicity and timing of birth (NICE NG137). */
import { defineRules } from "./rule-def";

const SAME_AS_SINGLETON = ["Same schedule as a singleton pregnancy", "与单胎妊娠相同的检查安排"] as const;

export const MP_RULES = defineRules({
  surveilDc: {
    id: "MP-CHOR-DC",
    chapter: "Multiple Pregnancy",
    text: [
      "Chorionicity sets twin surveillance: DCDA twins have growth scans every 4 weeks from 20 weeks.",
      "按绒毛膜性决定双胎监测：双绒双羊双胎自孕20周起每4周超声评估生长。",
    ],
    question: [
      "Given the ultrasound findings, which ultrasound surveillance plan is appropriate?",
      "根据超声结果，应采用哪种超声监测方案？",
    ],
    gold: ["Growth scans every 4 weeks from 20 weeks", "自孕20周起每4周一次生长超声"],
    distractors: [
      ["Scans every 2 weeks from 16 weeks for twin-to-twin transfusion", "自孕16周起每2周超声监测双胎输血综合征"],
      SAME_AS_SINGLETON,
      ["Weekly scans from 12 weeks", "自孕12周起每周超声"],
      ["A single growth scan at 32 weeks", "仅孕32周做一次生长超声"],
    ],
    alt: ["Anatomy scan at 20 weeks, then growth and Doppler scans four-weekly", "孕20周结构筛查后每4周一次生长及多普勒超声"],
  },
  surveilMc: {
    id: "MP-CHOR-MC",
    chapter: "Multiple Pregnancy",
    text: [
      "Chorionicity sets twin surveillance: MCDA twins have scans every 2 weeks from 16 weeks (TTTS, growth).",
      "按绒毛膜性决定双胎监测：单绒双羊双胎自孕16周起每2周超声(监测双胎输血综合征及生长)。",
    ],
    question: [
      "Given the ultrasound findings, which ultrasound surveillance plan is appropriate?",
      "根据超声结果，应采用哪种超声监测方案？",
    ],
    gold: ["Scans every 2 weeks from 16 weeks for twin-to-twin transfusion and growth", "自孕16周起每2周超声监测双胎输血综合征及生长"],
    distractors: [
      ["Growth scans every 4 weeks from 20 weeks", "自孕20周起每4周一次生长超声"],
      SAME_AS_SINGLETON,
      ["A single growth scan at 32 weeks", "仅孕32周做一次生长超声"],
      ["Scans only if the mother notices reduced movements", "仅在胎动减少时行超声"],
    ],
    alt: ["Fortnightly ultrasound with amniotic fluid and MCA Doppler from 16 weeks", "自孕16周起每2周超声评估羊水及大脑中动脉血流"],
  },
  deliverDc: {
    id: "MP-DEL-DC",
    chapter: "Multiple Pregnancy",
    text: ["Uncomplicated DCDA twins: offer planned birth at 37+0–37+6 weeks.", "无并发症的双绒双羊双胎：建议孕37+0–37+6周计划分娩。"],
    question: ["At {ga} weeks with concordant growth, when should birth be planned?", "孕{ga}周，双胎生长一致，应计划何时分娩？"],
    gold: ["Planned birth at 37+0–37+6 weeks", "孕37+0–37+6周计划分娩"],
    distractors: [
      ["Planned birth at 36+0–36+6 weeks", "孕36+0–36+6周计划分娩"],
      ["Await spontaneous labour up to 40 weeks", "等待自然临产至孕40周"],
      ["Elective delivery at 34 weeks", "孕34周择期分娩"],
      ["Planned birth at 39 weeks", "孕39周计划分娩"],
    ],
    alt: ["Offer induction or cesarean from 37+0 weeks", "孕37+0周起引产或剖宫产"],
  },
  deliverMc: {
    id: "MP-DEL-MC",
    chapter: "Multiple Pregnancy",
    text: [
      "Uncomplicated MCDA twins: offer planned birth at 36+0–36+6 weeks (after corticosteroids are discussed).",
      "无并发症的单绒双羊双胎：建议孕36+0–36+6周计划分娩(并讨论是否促胎肺成熟)。",
    ],
    question: ["At {ga} weeks with concordant growth, when should birth be planned?", "孕{ga}周，双胎生长一致，应计划何时分娩？"],
    gold: ["Planned birth at 36+0–36+6 weeks", "孕36+0–36+6周计划分娩"],
    distractors: [
      ["Planned birth at 37+0–37+6 weeks", "孕37+0–37+6周计划分娩"],
      ["Await spontaneous labour up to 40 weeks", "等待自然临产至孕40周"],
      ["Elective delivery at 32 weeks", "孕32周择期分娩"],
      ["Planned birth at 39 weeks", "孕39周计划分娩"],
    ],
    alt: ["Schedule delivery in the 37th week (36+0 to 36+6)", "安排在孕36+0至36+6周分娩"],
  },
});
