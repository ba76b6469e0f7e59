/** Aneuploidy screening and GBS screening decisions. */
import { defineRules } from "./rule-def";

export const SCREENING = defineRules({
  ntHigh: {
    id: "PS-NT-01",
    chapter: "Prenatal Screening",
    text: [
      "NT ≥ 3.5 mm (CRL 45–84 mm) is increased whatever other screening shows: offer diagnostic testing (CVS/amniocentesis with karyotype and CMA) and a detailed anatomy scan with fetal echocardiography.",
      "NT≥3.5 mm(头臀长45–84 mm)即为增厚，无论其他筛查结果如何，均应建议介入性产前诊断(绒毛或羊水染色体核型及CMA)，并行详细结构超声及胎儿心脏超声。",
    ],
    question: [
      "Based on the scan at this visit ({ga} weeks), what is the most appropriate next step?",
      "根据本次(孕{ga}周)超声结果，下一步最恰当的处理是什么？",
    ],
    gold: [
      "Offer CVS or amniocentesis (karyotype and CMA) plus detailed anatomy scan and fetal echocardiography",
      "建议绒毛活检或羊膜腔穿刺(核型及CMA)，并行详细结构超声及胎儿心脏超声",
    ],
    distractors: [
      ["Reassure and repeat the NT measurement at 16 weeks", "安慰孕妇，孕16周复查NT"],
      ["Offer NIPT only and continue routine care", "仅建议NIPT，继续常规产检"],
      ["Recommend termination of pregnancy", "建议终止妊娠"],
      ["No action: an NT below 4.0 mm is normal", "无需处理，NT<4.0 mm属正常"],
    ],
    alt: ["Refer to the prenatal diagnosis clinic for counselling about invasive testing", "转诊产前诊断门诊，咨询介入性产前诊断"],
  },
  niptHigh: {
    id: "PS-NIPT-01",
    chapter: "Prenatal Screening",
    text: [
      "A high-risk NIPT result is a screening result: confirm by amniocentesis (karyotype/CMA) before any decision about the pregnancy.",
      "NIPT高风险仅为筛查结果，须经羊膜腔穿刺(核型/CMA)确诊后再决定妊娠去留。",
    ],
    question: [
      "The NIPT result is now available (at {ga} weeks). What is the most appropriate next step?",
      "NIPT结果已回报(孕{ga}周)，下一步最恰当的处理是什么？",
    ],
    gold: ["Genetic counselling and amniocentesis for karyotype/CMA", "遗传咨询并行羊膜腔穿刺查染色体核型/CMA"],
    distractors: [
      ["Offer termination on the basis of the NIPT result", "依据NIPT结果建议终止妊娠"],
      ["Repeat NIPT at 20 weeks and continue routine care", "孕20周复查NIPT，继续常规产检"],
      ["Reassure: false-positive NIPT results are common", "安慰孕妇：NIPT假阳性常见"],
      ["Serum triple screening to refine the risk", "加做血清学三联筛查以重新评估风险"],
    ],
    alt: ["Refer to the prenatal diagnosis centre for confirmatory diagnostic testing", "转诊产前诊断中心行确诊性检查"],
  },
  lowRisk: {
    id: "PS-LOW-01",
    chapter: "Prenatal Screening",
    text: [
      "Normal NT and a low-risk NIPT in a woman under 35: no invasive testing; continue routine care with the anatomy scan at 20–24 weeks.",
      "35岁以下孕妇NT正常且NIPT低风险：无需介入性产前诊断，继续常规产检，孕20–24周行系统超声。",
    ],
    question: [
      "Reviewing her aneuploidy screening at {ga} weeks, what is the appropriate plan?",
      "孕{ga}周复核其染色体非整倍体筛查结果，应如何处理？",
    ],
    gold: ["No invasive testing; routine anatomy scan at 20–24 weeks", "无需介入性产前诊断；孕20–24周常规系统超声"],
    distractors: [
      ["Amniocentesis to confirm the low-risk result", "羊膜腔穿刺以确认低风险结果"],
      ["Repeat NIPT in 4 weeks", "4周后复查NIPT"],
      ["Fetal echocardiography now at this visit", "本次即行胎儿心脏超声"],
      ["Add serum quadruple screening as well", "再加做血清学四联筛查"],
    ],
    alt: ["Reassure and continue routine antenatal care", "安慰孕妇，继续常规产前检查"],
  },
  gbsScreen: {
    id: "GBS-SCR-01",
    chapter: "GBS Screening",
    text: ["Universal GBS screening by rectovaginal culture at 36+0 to 37+6 weeks.", "孕36+0至37+6周常规行阴道直肠拭子B族链球菌培养筛查。"],
    question: [
      "The patient is at {ga} weeks. What should be arranged regarding group B streptococcus?",
      "孕妇现孕{ga}周，关于B族链球菌应如何安排？",
    ],
    gold: ["Rectovaginal GBS culture at 36+0 to 37+6 weeks", "孕36+0至37+6周行阴道直肠拭子GBS培养"],
    distractors: [
      ["Start oral penicillin now to eradicate carriage", "现在口服青霉素清除带菌"],
      ["No screening: give antibiotics in labour to every woman", "不筛查，所有产妇产时均用抗生素"],
      ["Vaginal swab only once labour starts", "临产后再取阴道拭子"],
      ["Urine culture at 28 weeks instead", "改为孕28周查尿培养"],
    ],
    alt: ["Take a vaginal–rectal swab for GBS culture at the 36-week visit", "孕36周产检时取阴道-直肠拭子行GBS培养"],
  },
  gbsIap: {
    id: "GBS-IAP-01",
    chapter: "GBS Screening",
    text: [
      "GBS-positive culture at 36–37 weeks: intrapartum IV penicillin G from onset of labour or rupture of membranes; no antenatal treatment.",
      "孕36–37周GBS培养阳性：临产或破膜后产时静脉青霉素G预防，产前无需治疗。",
    ],
    question: [
      "The GBS culture result is available at {ga} weeks. What is the appropriate management?",
      "孕{ga}周GBS培养结果已回报，应如何处理？",
    ],
    gold: ["Intrapartum IV penicillin G at onset of labour or rupture of membranes", "临产或破膜时开始产时静脉青霉素G预防"],
    distractors: [
      ["Oral amoxicillin for 7 days now, then repeat the culture", "现在口服阿莫西林7天后复查培养"],
      ["Elective cesarean section at 39 weeks", "孕39周择期剖宫产"],
      ["No action while she is asymptomatic", "无症状则无需处理"],
      ["IV antibiotics only if she develops fever in labour", "仅在产时发热时使用静脉抗生素"],
    ],
    alt: ["Intrapartum prophylaxis with IV ampicillin", "产时静脉氨苄西林预防"],
  },
  gbsAllergy: {
    id: "GBS-PCN-01",
    chapter: "GBS Screening",
    text: [
      "GBS-positive with a penicillin allergy at low risk of anaphylaxis (rash only): intrapartum IV cefazolin.",
      "GBS阳性且青霉素过敏为低风险(仅皮疹)者：产时静脉头孢唑林预防。",
    ],
    question: [
      "Considering the GBS result and her allergy history, which intrapartum prophylaxis is appropriate?",
      "结合GBS结果及过敏史，产时应选择哪种预防用药？",
    ],
    gold: ["Intrapartum IV cefazolin", "产时静脉头孢唑林"],
    distractors: [
      ["Intrapartum IV penicillin G", "产时静脉青霉素G"],
      ["No prophylaxis because of the allergy", "因过敏不予预防"],
      ["Oral erythromycin for 7 days now", "现在口服红霉素7天"],
      ["IV vancomycin for 2 weeks before delivery", "分娩前静脉万古霉素2周"],
    ],
    alt: ["Cefazolin 2 g IV at labour onset, then 1 g every 8 h until delivery", "临产时头孢唑林2 g静滴，之后每8小时1 g至分娩"],
  },
});
