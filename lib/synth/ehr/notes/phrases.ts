/**
 * Sentence banks for visit notes. Each topic has several phrasings so a note reads like a
 * clinician's, not a form; a storyline that makes a topic positive (e.g. pruritus) adds the
 * topic to `positives`, and the negative sentence for it is left out.
 */
import { wk } from "../../dates";
import type { Bi } from "../../lang";

export interface ReviewTopic {
  id: string;
  from: number;
  to: number;
  variants: readonly Bi[];
}

export const SYMPTOM_REVIEW: readonly ReviewTopic[] = [
  {
    id: "nausea",
    from: 0,
    to: wk(14),
    variants: [
      ["Mild morning nausea; eating and drinking normally.", "晨起轻度恶心，饮食正常。"],
      ["No significant nausea or vomiting.", "无明显恶心呕吐。"],
      ["Nausea settling; no vomiting for a week.", "恶心较前减轻，近一周无呕吐。"],
    ],
  },
  {
    id: "movements",
    from: wk(18),
    to: 400,
    variants: [
      ["Reports good fetal movements.", "自觉胎动好。"],
      ["Fetal movements felt regularly, no reduction.", "胎动规律，无减少。"],
      ["Active fetal movements through the day.", "胎动活跃。"],
    ],
  },
  {
    id: "bleeding",
    from: 0,
    to: 400,
    variants: [
      ["No vaginal bleeding.", "无阴道流血。"],
      ["Denies vaginal bleeding or spotting.", "无阴道流血及点滴出血。"],
    ],
  },
  {
    id: "pain",
    from: 0,
    to: 400,
    variants: [
      ["No abdominal pain.", "无腹痛。"],
      ["No abdominal pain or tightening.", "无腹痛及腹部发紧。"],
      ["Occasional painless tightenings only.", "偶有无痛性宫缩。"],
    ],
  },
  {
    id: "fluid",
    from: wk(24),
    to: 400,
    variants: [
      ["No leakage of fluid.", "无阴道流液。"],
      ["No watery discharge.", "无阴道排液。"],
    ],
  },
  {
    id: "headache",
    from: wk(20),
    to: 400,
    variants: [
      ["No headache, visual disturbance or epigastric pain.", "无头痛、视物模糊及上腹痛。"],
      ["Denies headache, blurred vision and right upper quadrant pain.", "无头痛、视物不清及右上腹痛。"],
    ],
  },
  {
    id: "pruritus",
    from: wk(24),
    to: 400,
    variants: [
      ["No pruritus or rash.", "无皮肤瘙痒及皮疹。"],
      ["Skin: no itching.", "皮肤无瘙痒。"],
    ],
  },
  {
    id: "edema",
    from: wk(20),
    to: 400,
    variants: [
      ["No swelling of the hands or face.", "无手部及颜面水肿。"],
      ["Slight ankle swelling in the evening only.", "仅傍晚踝部轻度水肿。"],
    ],
  },
  {
    id: "urinary",
    from: 0,
    to: 400,
    variants: [
      ["No dysuria; mild frequency as usual in pregnancy.", "无尿痛，轻度尿频。"],
      ["Urination normal.", "小便正常。"],
    ],
  },
  {
    id: "sleep",
    from: 0,
    to: 400,
    variants: [
      ["Sleeping well; mood good.", "睡眠好，情绪稳定。"],
      ["Some difficulty sleeping because of back ache; mood fine.", "因腰背痛睡眠稍差，情绪尚可。"],
      ["Appetite good, bowels regular, sleep adequate.", "食欲好，大便规律，睡眠可。"],
    ],
  },
];

export const GENERAL_EXAM: readonly Bi[] = [
  ["General condition good; alert, oriented and cooperative.", "一般情况好，神志清楚，查体合作。"],
  [
    "Skin and mucosae without jaundice, rash or petechiae; no enlarged superficial lymph nodes.",
    "全身皮肤黏膜无黄染、皮疹及出血点，浅表淋巴结未触及肿大。",
  ],
  ["Head and neck unremarkable; thyroid not enlarged.", "头颈部无异常，甲状腺未触及肿大。"],
  [
    "Heart rate regular, no murmur; lungs clear to auscultation bilaterally.",
    "心律齐，各瓣膜听诊区未闻及杂音；双肺呼吸音清，未闻及干湿啰音。",
  ],
  ["Abdomen soft and non-tender; liver and spleen not palpable.", "腹软，无压痛，肝脾肋下未触及。"],
  ["Spine and limbs normal; no calf tenderness.", "脊柱四肢无畸形，双侧腓肠肌无压痛。"],
];

export const OB_EXAM: readonly Bi[] = [
  ["Uterus relaxed between palpations, no tenderness.", "子宫放松好，无压痛。"],
  ["Fetal lie longitudinal, cephalic presentation.", "胎方位纵产式，头先露。"],
  ["Presenting part not engaged.", "先露未入盆。"],
];

/** Health education paragraphs by gestational-age window. */
export interface EduTopic {
  from: number;
  to: number;
  text: Bi;
}

export const EDUCATION: readonly EduTopic[] = [
  {
    from: 0,
    to: wk(14),
    text: [
      "Folic acid 0.4 mg daily continues until at least 12 weeks. Avoid alcohol, smoking and second-hand smoke; check with a doctor or pharmacist before taking any medicine, including herbal remedies.",
      "继续每日补充叶酸0.4 mg至少至孕12周。戒烟戒酒，避免二手烟；服用任何药物(包括中草药)前请咨询医生或药师。",
    ],
  },
  {
    from: 0,
    to: wk(14),
    text: [
      "Nausea: small frequent meals, dry crackers in the morning, plenty of fluids; come in if unable to keep fluids down for 24 hours or if urine becomes dark.",
      "早孕反应：少量多餐，晨起可进食饼干，多饮水；若24小时无法进食进水或尿色加深请及时就诊。",
    ],
  },
  {
    from: 0,
    to: wk(20),
    text: [
      "Food safety: avoid raw fish, undercooked meat and eggs, unpasteurised dairy and liver in large amounts; wash fruit and vegetables well.",
      "饮食安全：避免生鱼片、未煮熟的肉蛋、未经巴氏消毒的乳制品及大量动物肝脏；蔬果需洗净。",
    ],
  },
  {
    from: wk(12),
    to: wk(28),
    text: [
      "Recommended weight gain depends on pre-pregnancy BMI; for a normal BMI about 11.5–16 kg in total, roughly 0.4 kg per week in the second and third trimesters.",
      "孕期增重目标取决于孕前BMI；BMI正常者总增重约11.5–16 kg，孕中晚期每周约0.4 kg。",
    ],
  },
  {
    from: wk(12),
    to: wk(36),
    text: [
      "Moderate exercise such as walking, swimming or prenatal yoga for 30 minutes on most days is encouraged; avoid contact sports and lying flat on the back for long periods after 20 weeks.",
      "鼓励每周多数日进行30分钟中等强度运动，如散步、游泳或孕妇瑜伽；避免对抗性运动，孕20周后避免长时间仰卧。",
    ],
  },
  {
    from: wk(16),
    to: wk(40),
    text: [
      "Calcium 1000 mg daily from diet and supplements; dairy, tofu and green leafy vegetables are good sources.",
      "每日钙摄入1000 mg(饮食加补充剂)，奶制品、豆腐及绿叶蔬菜是良好来源。",
    ],
  },
  {
    from: wk(20),
    to: wk(28),
    text: [
      "The 75 g OGTT needs an 8–10 hour overnight fast; normal diet for three days before; no smoking or walking about during the test.",
      "75g OGTT需空腹8–10小时，检查前3天正常饮食；检查期间禁烟、避免走动。",
    ],
  },
  {
    from: wk(26),
    to: 400,
    text: [
      "Fetal movements: get to know the baby's usual pattern; count movements for one hour three times a day; fewer than usual, or fewer than 10 in 2 hours, needs same-day assessment.",
      "胎动：熟悉胎儿活动规律，每日早中晚各计数1小时；胎动较平时减少或2小时少于10次需当天就诊。",
    ],
  },
  {
    from: wk(20),
    to: 400,
    text: [
      "Warning signs needing immediate attention: vaginal bleeding, leaking fluid, severe headache, blurred vision, upper abdominal pain, sudden swelling of face or hands, fever, or reduced fetal movements.",
      "出现以下情况请立即就诊：阴道流血、阴道流液、剧烈头痛、视物模糊、上腹痛、颜面或手部突然水肿、发热或胎动减少。",
    ],
  },
  {
    from: wk(28),
    to: wk(37),
    text: [
      "Signs of preterm labour: regular tightenings more than four an hour, lower back pain, pelvic pressure or a change in discharge before 37 weeks — come in straight away.",
      "早产征兆：孕37周前出现每小时4次以上规律宫缩、腰骶部酸痛、盆腔压迫感或阴道分泌物改变，请立即就诊。",
    ],
  },
  {
    from: wk(30),
    to: 400,
    text: [
      "Breastfeeding preparation: skin-to-skin contact and a first feed within the first hour after birth; feeding on demand; rooming-in.",
      "母乳喂养准备：产后1小时内母婴皮肤接触并早吸吮，按需哺乳，母婴同室。",
    ],
  },
  {
    from: wk(35),
    to: 400,
    text: [
      "Labour: come in with regular contractions every 5 minutes for an hour, rupture of membranes, bleeding, or reduced movements. Bring ID, the antenatal record and the hospital bag.",
      "临产：规律宫缩每5分钟一次持续1小时、破膜、阴道流血或胎动减少时来院；携带身份证、产检手册及待产包。",
    ],
  },
  {
    from: wk(20),
    to: 400,
    text: [
      "Sleep on the side in the third trimester; avoid prolonged standing; support stockings help ankle swelling.",
      "孕晚期建议侧卧位休息，避免久站，弹力袜有助于减轻踝部水肿。",
    ],
  },
];

export const NURSING: readonly Bi[] = [
  ["Pain score 0/10. Fall-risk screen low. Nutrition screen: no risk.", "疼痛评分0分。跌倒风险低。营养筛查无风险。"],
  ["Psychological screen (PHQ-2) negative; support at home from husband and mother.", "心理筛查(PHQ-2)阴性，家庭支持良好(丈夫及母亲)。"],
  ["Antenatal record book checked and updated; appointment card given.", "已核对并填写产检手册，发放预约卡。"],
];

/** Extra education topics without a tight window: most visits get a few of these too. */
export const EDUCATION_GENERAL: readonly Bi[] = [
  [
    "Heartburn: small meals, avoid lying down within 2 hours of eating, raise the head of the bed; antacids can be used if needed.",
    "胃灼热：少量多餐，餐后2小时内避免平卧，可抬高床头；必要时可用抗酸药。",
  ],
  [
    "Constipation: fluids 1.5–2 L a day, fruit, vegetables and whole grains; iron tablets can make it worse, so a stool softener may be added.",
    "便秘：每日饮水1.5–2 L，多吃蔬果及全谷物；铁剂可加重便秘，必要时可加用大便软化剂。",
  ],
  [
    "Back and pelvic girdle pain: keep active, avoid lifting heavy objects, sit with the back supported; physiotherapy referral is available.",
    "腰背及骨盆带痛：保持适度活动，避免提重物，坐时背部有支撑；可转诊康复理疗。",
  ],
  [
    "Leg cramps: stretch the calf before bed, keep calcium intake adequate; sudden painful swelling of one leg needs urgent review.",
    "小腿抽筋：睡前牵拉小腿，保证钙摄入；单侧下肢突发疼痛肿胀需立即就诊。",
  ],
  [
    "Pelvic floor exercises: tighten and hold for 10 seconds, 10 times, three times a day; continue after the birth.",
    "盆底肌训练：收缩并保持10秒，每组10次，每日3组，产后继续坚持。",
  ],
  [
    "Oral health: gum bleeding is common in pregnancy; brush twice daily and dental treatment is safe in the second trimester.",
    "口腔保健：孕期牙龈出血常见，每日刷牙两次，孕中期可安全进行牙科治疗。",
  ],
  [
    "Vaccination: inactivated influenza vaccine is recommended in any trimester during the flu season; live vaccines are avoided.",
    "疫苗接种：流感季节孕期任何阶段均可接种灭活流感疫苗，避免接种减毒活疫苗。",
  ],
  [
    "Mood: low mood or anxiety is common; talk to the midwife or doctor, and the hospital psychological clinic can be booked directly.",
    "情绪：孕期情绪低落或焦虑较常见，可与助产士或医生沟通，也可直接预约医院心理门诊。",
  ],
  [
    "Travel: wear the seat belt below the bump; on long journeys walk every 1–2 hours and drink water; carry the antenatal record.",
    "出行：安全带系于腹部下方；长途出行每1–2小时活动一次并多饮水；随身携带产检手册。",
  ],
  [
    "Work: avoid night shifts, heavy lifting and prolonged standing where possible; maternity leave and workplace adjustments were discussed.",
    "工作：尽量避免夜班、重体力劳动及久站；已讨论产假及工作调整事宜。",
  ],
];

export const COMMUNICATION: readonly Bi[] = [
  [
    "The findings and their meaning were explained to the patient and her husband in plain language.",
    "已用通俗语言向孕妇及其丈夫解释检查结果及其意义。",
  ],
  [
    "Options, expected benefits and possible risks were discussed, including the option of no intervention.",
    "已告知可选方案、预期获益及可能风险，包括不予干预的选择。",
  ],
  [
    "They asked appropriate questions, which were answered; they agree with the plan and signed the communication record.",
    "孕妇及家属提出的问题已一一解答，同意上述方案并在沟通记录上签字。",
  ],
  [
    "Told to return at once with warning symptoms; telephone number of the obstetric triage desk given.",
    "告知如出现危险症状立即就诊，已提供产科急诊电话。",
  ],
];

/** Items of the pregnancy risk screening form (China's five-colour grading), screened at set visits. */
export const RISK_ITEMS: readonly Bi[] = [
  ["Age < 18 or ≥ 35 years", "年龄<18岁或≥35岁"],
  ["BMI > 25 or < 18.5", "BMI>25或<18.5"],
  ["Height ≤ 145 cm", "身高≤145 cm"],
  ["Rh-negative blood group", "Rh血型阴性"],
  ["Previous cesarean section or uterine surgery", "瘢痕子宫或子宫手术史"],
  ["Two or more previous miscarriages", "≥2次流产史"],
  ["Previous preterm birth, stillbirth or neonatal death", "早产、死胎死产或新生儿死亡史"],
  ["Previous preeclampsia, HELLP or eclampsia", "既往子痫前期、HELLP综合征或子痫史"],
  ["Chronic hypertension", "慢性高血压"],
  ["Pre-existing diabetes", "孕前糖尿病"],
  ["Heart disease", "心脏病"],
  ["Thyroid disease", "甲状腺疾病"],
  ["Kidney disease", "肾脏疾病"],
  ["Liver disease or hepatitis B carrier", "肝脏疾病或乙肝病毒携带"],
  ["Autoimmune disease", "自身免疫性疾病"],
  ["Epilepsy or psychiatric illness", "癫痫或精神疾病"],
  ["Multiple pregnancy", "多胎妊娠"],
  ["Assisted conception", "辅助生殖受孕"],
  ["Placenta praevia or low-lying placenta", "前置胎盘或胎盘低置"],
  ["Fetal growth restriction or macrosomia", "胎儿生长受限或巨大儿"],
  ["Gestational diabetes", "妊娠期糖尿病"],
  ["Hypertensive disorder of pregnancy", "妊娠期高血压疾病"],
  ["Intrahepatic cholestasis of pregnancy", "妊娠期肝内胆汁淤积症"],
  ["Anaemia (Hb < 110 g/L)", "贫血(Hb<110 g/L)"],
  ["Abnormal prenatal screening or diagnosis", "产前筛查或诊断异常"],
];

/** Review of systems; the skin line is dropped when pruritus is a complaint. */
export const ROS: readonly { id: string; text: Bi }[] = [
  { id: "general", text: ["General: no fever, chills, night sweats or weight loss.", "一般情况：无发热、寒战、盗汗及体重下降。"] },
  { id: "cvs", text: ["Cardiovascular: no palpitations, chest pain or syncope.", "心血管：无心悸、胸痛及晕厥。"] },
  { id: "resp", text: ["Respiratory: no cough, wheeze or breathlessness at rest.", "呼吸：无咳嗽、喘息及静息时气促。"] },
  { id: "gi", text: ["Gastrointestinal: appetite normal, no vomiting, diarrhoea or melaena.", "消化：食欲正常，无呕吐、腹泻及黑便。"] },
  { id: "gu", text: ["Genitourinary: no dysuria, haematuria or abnormal discharge.", "泌尿生殖：无尿痛、血尿及异常分泌物。"] },
  { id: "neuro", text: ["Neurological: no seizures, weakness or numbness.", "神经：无抽搐、肢体无力及麻木。"] },
  { id: "pruritus", text: ["Skin: no new rash.", "皮肤：无新发皮疹。"] },
  { id: "psych", text: ["Mood: no persistent low mood or anxiety; sleep adequate.", "精神：无持续情绪低落或焦虑，睡眠可。"] },
];

/** The remaining routine schedule, printed in the plan so the patient knows what is next. */
export const SCHEDULE_TEXT: readonly { until: number; text: Bi }[] = [
  { until: wk(14), text: ["NT scan and aneuploidy screening at 11–14 weeks", "孕11–14周NT超声及非整倍体筛查"] },
  { until: wk(20), text: ["visit at 16 weeks", "孕16周产检"] },
  { until: wk(24), text: ["anatomy scan at 20–24 weeks", "孕20–24周系统超声"] },
  { until: wk(28), text: ["75 g OGTT and blood count at 24–28 weeks", "孕24–28周75g OGTT及血常规"] },
  { until: wk(32), text: ["growth scan, liver function and bile acids at 30–32 weeks", "孕30–32周生长超声、肝功能及胆汁酸"] },
  { until: wk(36), text: ["two-weekly visits with NST from 34 weeks", "孕34周起每2周产检及NST"] },
  { until: wk(37, 6), text: ["GBS culture, blood count and coagulation at 36–37 weeks", "孕36–37周GBS培养、血常规及凝血功能"] },
  { until: wk(41), text: ["weekly visits with NST until delivery; induction offered at 41 weeks", "每周产检及NST至分娩，孕41周建议引产"] },
];

export const EDUCATION_MORE: readonly Bi[] = [
  [
    "Seat belt, hot tubs and saunas: avoid water hotter than 38 °C and saunas; a lap-and-shoulder belt is always worn.",
    "避免水温超过38℃的热水浴及桑拿；乘车全程系好安全带。",
  ],
  [
    "Sexual intercourse is safe in an uncomplicated pregnancy; avoid it with bleeding, leaking fluid or a low-lying placenta.",
    "无并发症的妊娠可以有性生活；如有阴道流血、流液或胎盘低置则应避免。",
  ],
  ["Caffeine: keep below 200 mg a day (about one cup of coffee or two cups of tea).", "咖啡因每日不超过200 mg(约1杯咖啡或2杯茶)。"],
  [
    "Pets and gardening: wear gloves when handling cat litter or soil and wash hands afterwards (toxoplasmosis).",
    "接触猫砂或泥土时戴手套，事后洗手(预防弓形虫感染)。",
  ],
  [
    "Skin changes such as linea nigra, chloasma and stretch marks are common and usually fade after the birth; use sunscreen.",
    "妊娠纹、妊娠黄褐斑及腹中线色素沉着常见，产后多可减轻，注意防晒。",
  ],
  [
    "Birth preferences: options for pain relief including epidural analgesia, companionship in labour and positions for birth were introduced; antenatal classes are held every Thursday.",
    "已介绍分娩镇痛(含椎管内镇痛)、陪伴分娩及分娩体位等选择；孕妇学校每周四开课。",
  ],
];
