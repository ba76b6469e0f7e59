/** Routine antenatal care decisions (every patient can have these). */
import { defineRules } from "./rule-def";

export const PRENATAL_CARE = defineRules({
  nt: {
    id: "PC-NT-01",
    chapter: "Prenatal Care",
    text: [
      "After first-trimester dating, schedule the NT scan at 11+3 to 13+6 weeks (CRL 45–84 mm).",
      "早孕期核对孕周后，应在孕11+3至13+6周(头臀长45–84 mm)安排NT检查。",
    ],
    question: [
      "At this booking visit ({ga} weeks), when should the nuchal translucency (NT) scan be scheduled?",
      "本次建档(孕{ga}周)，NT超声检查应安排在何时？",
    ],
    gold: ["At 11+3 to 13+6 weeks (CRL 45–84 mm)", "孕11+3至13+6周(头臀长45–84 mm)"],
    distractors: [
      ["Today, at the booking visit, whatever the gestational age", "今日建档时即做，无需考虑孕周"],
      ["At 16–18 weeks together with serum screening", "孕16–18周与血清学筛查同时进行"],
      ["At the 20–24 week anatomy scan", "孕20–24周系统超声时一并测量"],
      ["At 14+0 to 15+6 weeks", "孕14+0至15+6周"],
      ["Not needed if NIPT is planned", "如计划做NIPT则无需NT检查"],
    ],
    alt: ["As soon as the CRL reaches 45 mm, i.e. from about 11+3 weeks", "待头臀长达45 mm(约孕11+3周)后尽快检查"],
  },
  anatomy: {
    id: "PC-ANAT-01",
    chapter: "Prenatal Care",
    text: ["Every woman is offered a detailed fetal anatomy scan at 20–24 weeks.", "所有孕妇均应在孕20–24周行胎儿系统超声检查。"],
    question: ["At {ga} weeks, which ultrasound examination should be scheduled next?", "孕{ga}周，下一步应安排哪项超声检查？"],
    gold: ["Detailed fetal anatomy scan at 20–24 weeks", "孕20–24周胎儿系统超声检查"],
    distractors: [
      ["A growth scan at 32 weeks only", "仅在孕32周做生长超声"],
      ["Repeat NT measurement now", "现在复查NT"],
      ["Fetal echocardiography at 16 weeks for every woman", "所有孕妇孕16周行胎儿心脏超声"],
      ["No further ultrasound unless symptoms occur", "无症状则无需再做超声"],
    ],
    alt: ["Systematic structural ultrasound at about 22 weeks", "约孕22周行胎儿结构筛查超声"],
  },
  ogtt: {
    id: "PC-OGTT-01",
    chapter: "Prenatal Care",
    text: [
      "Women without diabetes at booking (fasting glucose < 5.1 mmol/L) have a 75 g OGTT at 24–28 weeks.",
      "首次产检空腹血糖<5.1 mmol/L者，应于孕24–28周行75g OGTT。",
    ],
    question: [
      "At {ga} weeks, with a normal booking fasting glucose, what glucose testing should be planned?",
      "孕{ga}周，首次产检空腹血糖正常，应如何安排血糖筛查？",
    ],
    gold: ["75 g OGTT at 24–28 weeks", "孕24–28周行75g OGTT"],
    distractors: [
      ["No further testing: the booking fasting glucose was normal", "首次空腹血糖正常，无需再查"],
      ["Repeat fasting glucose only at 36 weeks", "仅在孕36周复查空腹血糖"],
      ["Start glucose self-monitoring four times daily now", "现在开始每日4次自我血糖监测"],
      ["50 g glucose challenge at 32–34 weeks", "孕32–34周行50g葡萄糖负荷试验"],
      ["HbA1c at the next visit instead of an OGTT", "下次产检查糖化血红蛋白代替OGTT"],
    ],
    alt: ["Book a fasting 75 g OGTT for the 24-week visit", "预约孕24周空腹来院行75g OGTT"],
  },
  rh: {
    id: "PC-RH-01",
    chapter: "Prenatal Care",
    text: [
      "RhD-negative, non-sensitised women receive routine antenatal anti-D immunoglobulin at 28 weeks.",
      "RhD阴性且未致敏孕妇，应于孕28周常规注射抗D免疫球蛋白。",
    ],
    question: ["At {ga} weeks, what is recommended in view of her blood group results?", "孕{ga}周，结合其血型结果，应如何处理？"],
    gold: ["Repeat the antibody screen and give anti-D immunoglobulin 300 µg now", "复查抗体筛查后现在注射抗D免疫球蛋白300 µg"],
    distractors: [
      ["No action: anti-D is only given after delivery", "无需处理，抗D仅在产后使用"],
      ["Give anti-D only if vaginal bleeding occurs", "仅在出现阴道流血时注射抗D"],
      ["Weekly antibody titres and fetal MCA Doppler", "每周查抗体滴度并监测胎儿大脑中动脉血流"],
      ["Plan an elective cesarean section because of the blood group", "因血型问题计划择期剖宫产"],
    ],
    alt: ["Routine antenatal anti-D prophylaxis at this 28-week visit", "本次孕28周产检行常规产前抗D预防"],
  },
  term: {
    id: "PC-TERM-01",
    chapter: "Prenatal Care",
    text: [
      "Uncomplicated singleton at 40 weeks, not in labour: expectant management with fetal monitoring, offer a membrane sweep, and book induction for 41 weeks.",
      "单胎无并发症孕40周未临产：期待治疗并监护胎儿，可行人工剥膜，预约孕41周引产。",
    ],
    question: [
      "At {ga} weeks, with an uncomplicated pregnancy and no signs of labour, what is the most appropriate plan?",
      "孕{ga}周，妊娠无并发症，无临产征象，最恰当的处理是什么？",
    ],
    gold: [
      "Expectant management with fetal monitoring; offer a membrane sweep and book induction at 41 weeks",
      "期待治疗并监护胎儿；可行人工剥膜，预约孕41周引产",
    ],
    distractors: [
      ["Cesarean section today because the due date has passed", "已过预产期，今日行剖宫产"],
      ["Stop monitoring and review at 42 weeks", "停止监护，孕42周再复诊"],
      ["Admit to hospital until labour starts", "收入院等待自然临产"],
      ["Repeat the dating scan to move the due date", "复查超声以推迟预产期"],
    ],
    alt: ["Membrane sweep today and induction between 41+0 and 41+6 weeks", "今日人工剥膜，孕41+0至41+6周引产"],
  },
  postdates: {
    id: "PC-POST-01",
    chapter: "Prenatal Care",
    text: [
      "At 41+0 weeks in an uncomplicated singleton pregnancy, offer induction of labour (before 42+0) with fetal surveillance.",
      "单胎无并发症孕妇至孕41+0周，应建议引产(42+0周前)并加强胎儿监护。",
    ],
    question: [
      "The patient is at {ga} weeks without signs of labour. What is the most appropriate plan?",
      "孕妇现孕{ga}周，无临产征象，最恰当的处理是什么？",
    ],
    gold: ["Offer induction of labour now, before 42+0 weeks, with fetal monitoring", "建议现在引产(42+0周前)，并行胎儿监护"],
    distractors: [
      ["Await spontaneous labour until 43 weeks", "等待自然临产至孕43周"],
      ["Immediate cesarean section", "立即剖宫产"],
      ["Routine review again in 2 weeks", "2周后常规复诊"],
      ["Repeat a dating ultrasound to recalculate the due date", "复查超声重新推算预产期"],
    ],
    alt: ["Admit for cervical ripening and induction within the next few days", "收入院，近日内促宫颈成熟并引产"],
  },
});
