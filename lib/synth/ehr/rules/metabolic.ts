/** GDM and anemia decisions. */
import { defineRules } from "./rule-def";

export const METABOLIC_RULES = defineRules({
  gdmDx: {
    id: "GDM-DX-01",
    chapter: "GDM",
    text: [
      "75 g OGTT at 24–28 weeks: GDM if fasting ≥ 5.1, 1 h ≥ 10.0 or 2 h ≥ 8.5 mmol/L (any one value): nutrition therapy, exercise and glucose self-monitoring.",
      "孕24–28周75g OGTT：空腹≥5.1、1小时≥10.0或2小时≥8.5 mmol/L任一项即诊断GDM，予医学营养治疗、运动及血糖自我监测。",
    ],
    question: [
      "Based on the OGTT results at {ga} weeks, what is the most appropriate next step?",
      "根据孕{ga}周OGTT结果，下一步最恰当的处理是什么？",
    ],
    gold: [
      "Diagnose GDM: medical nutrition therapy, exercise and self-monitoring of blood glucose",
      "诊断GDM：医学营养治疗、运动及自我血糖监测",
    ],
    distractors: [
      ["Normal result: continue routine care", "结果正常，继续常规产检"],
      ["Repeat the OGTT in 4 weeks before making a diagnosis", "4周后复查OGTT再诊断"],
      ["Start insulin immediately", "立即开始胰岛素治疗"],
      ["Diagnose pre-existing type 2 diabetes", "诊断孕前2型糖尿病"],
    ],
    alt: ["GDM: dietitian referral and four-times-daily glucose monitoring", "GDM：营养门诊就诊并每日4次监测血糖"],
  },
  gdmInsulin: {
    id: "GDM-INS-01",
    chapter: "GDM",
    text: [
      "GDM above target after 1–2 weeks of nutrition therapy (fasting ≥ 5.3 or 2 h postprandial ≥ 6.7 mmol/L): start insulin.",
      "GDM经1–2周医学营养治疗血糖仍未达标(空腹≥5.3或餐后2小时≥6.7 mmol/L)：开始胰岛素治疗。",
    ],
    question: [
      "Reviewing her glucose diary at {ga} weeks, what is the most appropriate next step?",
      "孕{ga}周复核血糖记录，下一步最恰当的处理是什么？",
    ],
    gold: ["Start insulin and continue nutrition therapy", "开始胰岛素治疗并继续医学营养治疗"],
    distractors: [
      ["Continue diet alone and review in 4 weeks", "继续单纯饮食控制，4周后复诊"],
      ["Plan delivery at 34 weeks", "计划孕34周分娩"],
      ["Stop glucose monitoring: the values are acceptable", "停止血糖监测，数值可接受"],
      ["Repeat the OGTT", "复查OGTT"],
    ],
    alt: ["Refer to the diabetes team today to begin insulin", "今日转内分泌科开始胰岛素治疗"],
  },
  anemiaDx: {
    id: "AN-DX-01",
    chapter: "Anemia",
    text: [
      "Hb < 110 g/L (first/third trimester) or < 105 g/L (second trimester) with microcytosis/low ferritin: iron-deficiency anemia — oral iron and recheck Hb in 2–4 weeks.",
      "血红蛋白<110 g/L(孕早、晚期)或<105 g/L(孕中期)伴小细胞/铁蛋白低：缺铁性贫血，予口服铁剂，2–4周后复查血红蛋白。",
    ],
    question: [
      "Based on the blood results at {ga} weeks, what is the most appropriate management?",
      "根据孕{ga}周的血液检查结果，最恰当的处理是什么？",
    ],
    gold: ["Iron-deficiency anemia: start oral iron and recheck Hb in 2–4 weeks", "缺铁性贫血：开始口服铁剂，2–4周后复查血红蛋白"],
    distractors: [
      ["Physiological haemodilution: no treatment", "生理性血液稀释，无需治疗"],
      ["Red cell transfusion", "输注红细胞"],
      ["Intravenous iron as first-line treatment today", "今日首选静脉补铁"],
      ["Increase folic acid to 5 mg only", "仅将叶酸加量至5 mg"],
    ],
    alt: ["Start ferrous succinate with dietary advice and repeat the blood count in 4 weeks", "予琥珀酸亚铁并饮食指导，4周后复查血常规"],
  },
  anemiaIv: {
    id: "AN-IV-01",
    chapter: "Anemia",
    text: [
      "No adequate Hb rise (< 10 g/L) after 3–4 weeks of oral iron: switch to intravenous iron.",
      "口服铁剂3–4周后血红蛋白上升不足(<10 g/L)：改为静脉补铁。",
    ],
    question: [
      "Hb has been rechecked on oral iron ({ga} weeks). What is the most appropriate next step?",
      "口服铁剂后复查血红蛋白(孕{ga}周)，下一步最恰当的处理是什么？",
    ],
    gold: ["Switch to intravenous iron (iron sucrose)", "改为静脉补铁(蔗糖铁)"],
    distractors: [
      ["Continue the same oral iron for another 3 months", "继续原口服铁剂3个月"],
      ["Red cell transfusion", "输注红细胞"],
      ["Stop iron: no response means it is not iron deficiency", "停用铁剂：无效说明并非缺铁"],
      ["Double the folic acid dose", "叶酸剂量加倍"],
    ],
    alt: ["Give parenteral iron and recheck Hb and ferritin in 2 weeks", "予胃肠外补铁，2周后复查血红蛋白及铁蛋白"],
  },
});
