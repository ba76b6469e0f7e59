/** Hypertensive disorders of pregnancy (ACOG / Chinese 2020 thresholds). */
import { defineRules } from "./rule-def";

export const HDP_RULES = defineRules({
  aspirin: {
    id: "HDP-ASA-01",
    chapter: "Hypertensive Disorders",
    text: [
      "High risk of preeclampsia (previous preeclampsia, multiple pregnancy, chronic hypertension, diabetes, renal or autoimmune disease): low-dose aspirin from 12–16 weeks until 36 weeks.",
      "子痫前期高危(既往子痫前期、多胎妊娠、慢性高血压、糖尿病、肾病或自身免疫病)：孕12–16周起服用小剂量阿司匹林至孕36周。",
    ],
    question: ["At {ga} weeks, which preventive measure is recommended for this patient?", "孕{ga}周，该孕妇应采取哪项预防措施？"],
    gold: ["Low-dose aspirin (100 mg at night) from now until 36 weeks", "小剂量阿司匹林(每晚100 mg)服用至孕36周"],
    distractors: [
      ["No prophylaxis until the blood pressure rises", "血压升高前无需预防"],
      ["Start labetalol 100 mg twice daily", "开始拉贝洛尔100 mg每日两次"],
      ["Low-dose aspirin only from 28 weeks", "孕28周后才开始小剂量阿司匹林"],
      ["Vitamin C and E supplements", "补充维生素C和E"],
      ["Prophylactic low-molecular-weight heparin", "预防性低分子肝素"],
    ],
    alt: ["Aspirin 75–150 mg nightly, started before 16 weeks", "孕16周前开始每晚阿司匹林75–150 mg"],
  },
  gh: {
    id: "HDP-GH-01",
    chapter: "Hypertensive Disorders",
    text: [
      "BP ≥ 140/90 mmHg on two occasions ≥ 4 h apart after 20 weeks, without proteinuria or severe features: gestational hypertension — evaluate for preeclampsia and increase maternal–fetal surveillance.",
      "孕20周后两次(间隔≥4小时)血压≥140/90 mmHg，无蛋白尿及严重表现：妊娠期高血压，需评估子痫前期并加强母胎监测。",
    ],
    question: [
      "Based on the blood pressure readings and tests up to now ({ga} weeks), what is the most appropriate assessment and plan?",
      "根据截至目前(孕{ga}周)的血压及检查结果，最恰当的诊断和处理是什么？",
    ],
    gold: [
      "Gestational hypertension: BP monitoring, preeclampsia labs and fetal growth surveillance",
      "妊娠期高血压：监测血压，完善子痫前期相关检查，监测胎儿生长",
    ],
    distractors: [
      ["White-coat effect: reassure and recheck at the routine visit in 4 weeks", "白大衣效应：安慰孕妇，4周后常规复诊"],
      ["Chronic hypertension: start enalapril", "慢性高血压：开始依那普利"],
      ["Preeclampsia with severe features: magnesium sulfate and delivery", "子痫前期伴严重表现：硫酸镁并终止妊娠"],
      ["Immediate induction of labour", "立即引产"],
    ],
    alt: ["Gestational hypertension: twice-weekly review with home BP readings", "妊娠期高血压：每周两次复诊并家庭自测血压"],
  },
  pe: {
    id: "HDP-PE-01",
    chapter: "Hypertensive Disorders",
    text: [
      "New hypertension after 20 weeks with proteinuria (≥ 0.3 g/24 h or dipstick ≥ 2+) and no severe features: preeclampsia — close monitoring and delivery at 37+0 weeks.",
      "孕20周后新发高血压伴蛋白尿(≥0.3 g/24h或尿蛋白≥2+)且无严重表现：子痫前期，需密切监测，孕37+0周终止妊娠。",
    ],
    question: ["What is the most appropriate assessment and plan at {ga} weeks?", "孕{ga}周，最恰当的诊断和处理是什么？"],
    gold: [
      "Preeclampsia without severe features: close maternal–fetal monitoring, deliver at 37+0 weeks",
      "子痫前期(无严重表现)：密切母胎监测，孕37+0周终止妊娠",
    ],
    distractors: [
      ["Gestational hypertension only: routine review in 2 weeks", "仅为妊娠期高血压：2周后常规复诊"],
      ["Immediate cesarean delivery", "立即剖宫产"],
      ["Furosemide for oedema and proteinuria", "呋塞米利尿治疗水肿和蛋白尿"],
      ["Reassure: proteinuria is physiological in pregnancy", "安慰孕妇：孕期蛋白尿属生理性"],
    ],
    alt: ["Admit for preeclampsia assessment; deliver at 37 weeks if stable", "收入院评估子痫前期，病情稳定则孕37周分娩"],
  },
  severe: {
    id: "HDP-SEV-01",
    chapter: "Hypertensive Disorders",
    text: [
      "Hypertension with severe features (BP ≥ 160/110 mmHg, platelets < 100 ×10⁹/L, ALT/AST ≥ 2× ULN, …): admit, magnesium sulfate, antihypertensive therapy, corticosteroids if < 34 weeks, and plan delivery.",
      "高血压伴严重表现(血压≥160/110 mmHg、血小板<100×10⁹/L、ALT/AST≥2倍正常上限等)：收入院，硫酸镁解痉，降压治疗，<34周促胎肺成熟，并计划终止妊娠。",
    ],
    question: [
      "Based on the findings up to now ({ga} weeks), what is the most appropriate management?",
      "根据截至目前(孕{ga}周)的检查结果，最恰当的处理是什么？",
    ],
    gold: [
      "Admit: magnesium sulfate, antihypertensive (labetalol/nifedipine), steroids if < 34 weeks, plan delivery",
      "收入院：硫酸镁、降压(拉贝洛尔/硝苯地平)、<34周促胎肺成熟，计划终止妊娠",
    ],
    distractors: [
      ["Outpatient review in 1 week with home BP monitoring", "门诊1周后复诊，家庭自测血压"],
      ["Start aspirin 100 mg and continue routine care", "开始阿司匹林100 mg，继续常规产检"],
      ["Diuretic therapy and bed rest at home", "利尿治疗并居家卧床休息"],
      ["Immediate delivery without stabilisation or magnesium", "不经稳定病情及硫酸镁即刻分娩"],
    ],
    alt: ["Admit to the delivery unit for stabilisation and expedited delivery", "收入产房稳定病情后尽快终止妊娠"],
  },
});
