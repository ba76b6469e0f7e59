/** Intrahepatic cholestasis of pregnancy (RCOG 2022 bile-acid bands). */
import { defineRules } from "./rule-def";

export const ICP_RULES = defineRules({
  diagnose: {
    id: "ICP-DX-01",
    chapter: "ICP",
    text: [
      "Pruritus with total bile acids ≥ 10 µmol/L and no other cause supports ICP: start ursodeoxycholic acid; weekly bile acids/LFTs and fetal surveillance.",
      "皮肤瘙痒伴总胆汁酸≥10 µmol/L且排除其他原因，支持ICP诊断：予熊去氧胆酸治疗，每周复查胆汁酸及肝功能并加强胎儿监护。",
    ],
    question: [
      "Based on the record up to this visit ({ga} weeks), what is the most appropriate next step?",
      "根据截至本次就诊(孕{ga}周)的病历，下一步最恰当的处理是什么？",
    ],
    gold: [
      "Diagnose ICP, start ursodeoxycholic acid and monitor bile acids and LFTs weekly",
      "诊断ICP，予熊去氧胆酸治疗，每周复查胆汁酸及肝功能",
    ],
    distractors: [
      ["Reassure: itching is common in pregnancy", "安慰孕妇：孕期皮肤瘙痒很常见"],
      ["Immediate delivery", "立即终止妊娠"],
      ["Oral antihistamine only and review in 4 weeks", "仅口服抗组胺药，4周后复诊"],
      ["Refer to dermatology for a pruritic rash of pregnancy", "转皮肤科诊治妊娠瘙痒性皮疹"],
    ],
    alt: ["Start ursodeoxycholic acid with weekly bile acid and liver function tests", "予熊去氧胆酸，每周复查胆汁酸和肝功能"],
  },
  deliver100: {
    id: "ICP-DEL-100",
    chapter: "ICP",
    text: [
      "ICP with peak total bile acids ≥ 100 µmol/L: plan delivery at 35+0–36+0 weeks.",
      "ICP患者总胆汁酸峰值≥100 µmol/L：计划于孕35+0–36+0周终止妊娠。",
    ],
    question: [
      "In view of her latest bile acid result ({ga} weeks), when should delivery be planned?",
      "结合最近一次(孕{ga}周)胆汁酸结果，应计划何时分娩？",
    ],
    gold: ["Plan delivery at 36+0 weeks", "计划孕36+0周终止妊娠"],
    distractors: [
      ["Await spontaneous labour up to 40 weeks", "等待自然临产至孕40周"],
      ["Plan delivery at 38–39 weeks", "计划孕38–39周分娩"],
      ["Stop ursodeoxycholic acid and repeat bile acids in 4 weeks", "停用熊去氧胆酸，4周后复查胆汁酸"],
      ["Deliver at 34 weeks after corticosteroids", "促胎肺成熟后孕34周分娩"],
    ],
    alt: ["Plan delivery between 35+0 and 36+0 weeks after counselling", "充分沟通后计划孕35+0–36+0周分娩"],
  },
  deliver40: {
    id: "ICP-DEL-40",
    chapter: "ICP",
    text: [
      "ICP with peak total bile acids 40–99 µmol/L: plan delivery at 38+0–39+0 weeks.",
      "ICP患者总胆汁酸峰值40–99 µmol/L：计划于孕38+0–39+0周分娩。",
    ],
    question: ["Considering her peak bile acid level so far, when should delivery be planned?", "结合目前胆汁酸峰值，应计划何时分娩？"],
    gold: ["Plan delivery at 38+0–39+0 weeks", "计划孕38+0–39+0周分娩"],
    distractors: [
      ["Plan delivery at 36+0 weeks", "计划孕36+0周分娩"],
      ["Await spontaneous labour until 41 weeks", "等待自然临产至孕41周"],
      ["Immediate cesarean section", "立即剖宫产"],
      ["Deliver at 34 weeks after corticosteroids", "促胎肺成熟后孕34周分娩"],
    ],
    alt: ["Offer induction of labour at 38 weeks", "孕38周建议引产"],
  },
});
