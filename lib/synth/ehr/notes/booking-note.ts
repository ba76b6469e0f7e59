/** The booking history: the long first note whose facts (allergy, obstetric history) later decisions rely on. */
import { addDays, gaLabel } from "../../dates";
import { joinSentences } from "../../lang";
import { nm } from "../lexicon";
import type { VisitCtx } from "../record";
import { GENERAL_EXAM } from "./phrases";

const JOBS = [
  ["teacher", "教师"],
  ["accountant", "会计"],
  ["nurse", "护士"],
  ["office worker", "公司职员"],
  ["engineer", "工程师"],
  ["shop owner", "个体经营者"],
  ["civil servant", "公务员"],
  ["homemaker", "家庭主妇"],
] as const;

export function riskGrade(v: VisitCtx): string {
  const p = v.pb.profile;
  const reasons: string[] = [];
  if (p.twins) reasons.push(v.t(["twin pregnancy", "双胎妊娠"]));
  if (p.age >= 35) reasons.push(v.t(["maternal age ≥ 35", "高龄孕妇"]));
  if (p.cond.prevPe) reasons.push(v.t(["previous preeclampsia", "既往子痫前期史"]));
  if (p.bmi >= 28) reasons.push(v.t(["BMI ≥ 28", "BMI≥28"]));
  if (reasons.length === 0) return v.t(["green (low risk)", "绿色(低风险)"]);
  return v.t([`yellow (${reasons.join(", ")})`, `黄色(${reasons.join("、")})`]);
}

export function writeBookingNote(v: VisitCtx): void {
  const { pb, lang } = v;
  const p = pb.profile;
  const r = pb.rng;
  const job = r.pick(JOBS);
  const year = Number(p.lmp.slice(0, 4));
  const hist: string[] = [];
  for (let i = 0; i < p.para; i++) {
    const y = year - 2 - 2 * (p.para - 1 - i) - r.int(0, 1);
    const cs = r.chance(0.35);
    const pe = p.cond.prevPe && i === 0;
    const w = r.int(2900, 3700);
    hist.push(
      pe
        ? v.t([
            `${y}: induced at 35+${r.int(0, 6)} weeks, complicated by preeclampsia; ${cs ? "cesarean" : "vaginal"} birth, ${w - 600} g.`,
            `${y}年：孕35+${r.int(0, 6)}周并发子痫前期引产，${cs ? "剖宫产" : "经阴道分娩"}，新生儿${w - 600} g。`,
          ])
        : v.t([
            `${y}: ${cs ? "cesarean section" : "spontaneous vaginal delivery"} at ${r.int(38, 40)} weeks, ${w} g, uncomplicated.`,
            `${y}年：孕${r.int(38, 40)}周${cs ? "剖宫产" : "自然分娩"}，新生儿${w} g，无并发症。`,
          ]),
    );
  }
  for (let i = 0; i < p.gravida - p.para - 1; i++) {
    hist.push(
      v.t([
        `${year - 1 - i}: early miscarriage at ${r.int(6, 9)} weeks, no complications.`,
        `${year - 1 - i}年：孕${r.int(6, 9)}周早期流产，无并发症。`,
      ]),
    );
  }
  const allergy = p.cond.pcnAllergy
    ? v.t([
        "Allergies: penicillin (rash in childhood, no breathing difficulty or swelling).",
        "过敏史：青霉素过敏(幼时皮疹，无呼吸困难及水肿)。",
      ])
    : v.t(["No known drug allergies.", "否认药物过敏史。"]);
  const lines = [
    v.t([
      `Booking visit at ${gaLabel(v.ga)} weeks. ${p.age}-year-old G${p.gravida}P${p.para}, ${job[0]}.`,
      `孕${gaLabel(v.ga)}周建档。${p.age}岁，G${p.gravida}P${p.para}，职业：${job[1]}。`,
    ]),
    v.t([
      `LMP ${p.lmp}, EDD ${p.edd} (dating by ${p.datingMethod}).`,
      `末次月经${p.lmp}，预产期${p.edd}(按${p.datingMethod === "LMP" ? "末次月经" : p.datingMethod === "IVF" ? "胚胎移植日" : "早孕期头臀长"}推算)。`,
    ]),
    v.t([
      `Obstetric history: ${hist.length ? hist.join(" ") : "first pregnancy."}`,
      `孕产史：${hist.length ? hist.join("") : "初次妊娠。"}`,
    ]),
    allergy,
  ];
  if (!pb.brief) {
    lines.push(
      v.t([
        `Menstrual history: menarche at ${r.int(12, 15)}, cycles ${r.int(27, 32)} days, bleeding ${r.int(4, 6)} days, regular, no dysmenorrhoea.`,
        `月经史：初潮${r.int(12, 15)}岁，周期${r.int(27, 32)}天，经期${r.int(4, 6)}天，规律，无痛经。`,
      ]),
      v.t([
        "Past history: no hypertension, diabetes, heart, kidney, liver or thyroid disease; no blood transfusion; no surgery apart from those listed.",
        "既往史：否认高血压、糖尿病、心脏病、肾病、肝病及甲状腺疾病史，否认输血史，除上述外无手术史。",
      ]),
      v.t([
        `Medications: folic acid 0.4 mg daily since ${r.chance(0.6) ? "three months before conception" : addDays(p.lmp, r.int(28, 45))}.`,
        `用药：${r.chance(0.6) ? "孕前3个月起" : addDays(p.lmp, r.int(28, 45)) + "起"}每日口服叶酸0.4 mg。`,
      ]),
      v.t([
        `Family history: ${r.pick(["father with hypertension", "mother with type 2 diabetes", "no hereditary disease", "no twins or congenital anomalies in the family"])}.`,
        `家族史：${r.pick(["父亲高血压", "母亲2型糖尿病", "否认遗传病史", "家族中无双胎及先天畸形史"])}。`,
      ]),
      v.t([
        "Social history: non-smoker, no alcohol, no exposure to radiation or toxic chemicals; husband healthy, non-consanguineous.",
        "个人史：无吸烟饮酒，无放射线及有毒化学物接触史；配偶体健，非近亲结婚。",
      ]),
      v.t([
        `Examination: height ${p.heightCm} cm, pre-pregnancy weight ${p.weightKg} kg, BMI ${p.bmi}.`,
        `查体：身高${p.heightCm} cm，孕前体重${p.weightKg} kg，BMI ${p.bmi}。`,
      ]),
      ...GENERAL_EXAM.map((g) => v.t(g)),
      v.t([
        "Breasts: symmetrical, nipples everted. Pelvic examination deferred (recent cervical screening normal).",
        "乳房：对称，乳头无内陷。妇科检查暂缓(近期宫颈筛查正常)。",
      ]),
      v.t([`Pregnancy risk grade: ${riskGrade(v)}.`, `妊娠风险评估：${riskGrade(v)}。`]),
    );
  }
  pb.historyRecap = lines.slice(2, 9).filter((l) => !l.startsWith(v.t(["Examination", "查体"])));
  v.observe(12, { event_type: "clinical_note", name: nm(lang, "noteBooking"), text: joinSentences(lang, lines) }, "bookingNote");
}
