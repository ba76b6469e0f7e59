/**
 * Visit notes. Before the cutoff: nursing triage and the history-and-examination note
 * (key "note"). After it: the assessment-and-plan note and health education. Full-size
 * records copy the pregnancy course forward into each note, as real antenatal charts do —
 * that repetition is most of a real record's length.
 */
import { gaLabel, wk } from "../../dates";
import { joinSentences } from "../../lang";
import { nm } from "../lexicon";
import type { VisitCtx } from "../record";
import { riskGrade } from "./booking-note";
import { describeFull, describeShort, resultEvents } from "./describe";
import {
  COMMUNICATION,
  EDUCATION,
  EDUCATION_GENERAL,
  EDUCATION_MORE,
  GENERAL_EXAM,
  NURSING,
  OB_EXAM,
  RISK_ITEMS,
  ROS,
  SCHEDULE_TEXT,
  SYMPTOM_REVIEW,
} from "./phrases";

/**
 * Calibration knob: copied-forward results carry reference ranges (and scan narratives) in English records.
 * Chinese text is denser in tokens (1 per character), so without it both languages land
 * near the published ~30K-token average pre-decision record.
 */
const COPY_RANGES = { en: true, zh: false } as const;
/** Same idea for the number of general education paragraphs per visit. */
const EDU_GENERAL = { en: 6, zh: 5 } as const;

function header(v: VisitCtx, en: string, zh: string): string {
  return v.lang === "en" ? `${en}: ` : `${zh}：`;
}

function symptomReview(v: VisitCtx): string[] {
  return SYMPTOM_REVIEW.filter((t) => v.ga >= t.from && v.ga < t.to && !v.positives.has(t.id)).map((t) => v.t(v.pb.rng.pick(t.variants)));
}

export function writeNursingNote(v: VisitCtx): void {
  if (v.pb.brief) return;
  const p = v.pb.profile;
  const w = v.refs.get("weight")?.value;
  const gain = typeof w === "number" ? Math.round((w - p.weightKg) * 10) / 10 : 0;
  const lines = [
    v.t([`Triage at ${gaLabel(v.ga)} weeks (${v.visit.id}).`, `孕${gaLabel(v.ga)}周分诊(${v.visit.id})。`]),
    ...v.exam.slice(0, 1),
    v.t([`Weight gain since pre-pregnancy ${gain} kg (pre-pregnancy BMI ${p.bmi}).`, `较孕前体重增加${gain} kg(孕前BMI ${p.bmi})。`]),
    ...NURSING.map((n) => v.t(n)),
  ];
  v.observe(8, { event_type: "clinical_note", name: nm(v.lang, "noteNursing"), text: joinSentences(v.lang, lines) });
}

/** The antenatal record sheet: one row per visit so far, as printed in the pregnancy handbook. */
export function writeFlowSheet(v: VisitCtx): void {
  const val = (k: string) => {
    const e = v.refs.get(k);
    return (
      e?.text ?? (e?.value !== undefined ? `${e.value}${e.unit ? ` ${e.unit}` : ""}` : (e?.items?.map((i) => i.value).join("/") ?? "-"))
    );
  };
  const prot = v.refs.get("urinalysis")?.items?.[0]?.value ?? "-";
  const row = `${v.visit.date} | ${gaLabel(v.ga)} | ${val("weight")} | ${val("bp")} | ${val("fundal")} | ${val("fhr")} | ${prot}`;
  v.pb.flow.push(row);
  if (v.pb.brief) return;
  const head = v.t(["Date | GA | Weight | BP | Fundal height | FHR | Urine protein", "日期 | 孕周 | 体重 | 血压 | 宫高 | 胎心 | 尿蛋白"]);
  v.observe(50, {
    event_type: "clinical_note",
    name: v.t(["Antenatal record sheet", "产前检查记录表"]),
    text: [head, ...v.pb.flow].join("\n"),
  });
}

export function writeHistoryNote(v: VisitCtx): void {
  const { pb, lang } = v;
  const p = pb.profile;
  const full = !pb.brief;
  const cc = v.complaints.length
    ? v.complaints.join(lang === "en" ? "; " : "，")
    : v.t([`Routine antenatal visit at ${gaLabel(v.ga)} weeks`, `孕${gaLabel(v.ga)}周常规产检`]);
  const parts: string[] = [
    header(v, "Chief complaint", "主诉") + cc + (lang === "en" ? "." : "。"),
    header(v, "History of present illness", "现病史") +
      joinSentences(lang, [
        v.t([
          `${p.age}-year-old G${p.gravida}P${p.para} at ${gaLabel(v.ga)} weeks; LMP ${p.lmp}, EDD ${p.edd}.`,
          `${p.age}岁，G${p.gravida}P${p.para}，孕${gaLabel(v.ga)}周，末次月经${p.lmp}，预产期${p.edd}。`,
        ]),
        ...v.hpi,
        ...symptomReview(v),
      ]),
  ];
  if (full)
    parts.push(
      header(v, "Review of systems", "系统回顾") +
        joinSentences(
          lang,
          ROS.filter((x) => !v.positives.has(x.id)).map((x) => v.t(x.text)),
        ),
    );
  if (full && pb.historyRecap.length)
    parts.push(header(v, "Past, personal and family history", "既往史、个人史及家族史") + joinSentences(lang, pb.historyRecap));
  if (full && pb.course.length) {
    parts.push(header(v, "Course of pregnancy to date", "孕期经过") + pb.course.map((c) => c.line).join(lang === "en" ? " " : ""));
  }
  if (full) {
    const noteTime = v.iso(v.visit.start + 25);
    // Normal dipsticks are not worth repeating; everything else is copied forward.
    const dip = nm(lang, "urinalysis");
    const prior = resultEvents(
      v,
      (e) => e.visit_id !== v.visit.id && e.time < noteTime && !(e.name === dip && !e.items?.some((i) => i.flag === "A")),
    );
    if (prior.length)
      parts.push(
        header(v, "Results to date", "既往检查结果") +
          prior
            .map((e) => (COPY_RANGES[lang] && e.event_type === "ultrasound" ? describeFull(v, e) : describeShort(e, COPY_RANGES[lang])))
            .join(lang === "en" ? "; " : "；"),
      );
  }
  if (pb.diagnoses.length) parts.push(header(v, "Current diagnoses", "目前诊断") + pb.diagnoses.join(lang === "en" ? "; " : "；"));
  if (pb.activeMeds.length) parts.push(header(v, "Current medications", "目前用药") + pb.activeMeds.join(lang === "en" ? "; " : "；"));
  const exam = [...(full ? GENERAL_EXAM.map((g) => v.t(g)) : []), ...v.exam];
  if (v.ga >= wk(28)) exam.push(...OB_EXAM.slice(0, v.ga >= wk(36) ? 2 : 3).map((g) => v.t(g)));
  parts.push(header(v, "Examination", "查体") + joinSentences(lang, exam));
  v.observe(
    25,
    {
      event_type: "clinical_note",
      name: nm(lang, v.visit.kind === "admission" ? "noteAdmission" : v.visit.kind === "unscheduled" ? "noteUnscheduled" : "noteVisit"),
      text: parts.join("\n"),
    },
    "note",
  );
}

export function writePlanNote(v: VisitCtx, nextLine: string): void {
  const { pb, lang } = v;
  const p = pb.profile;
  const sep = lang === "en" ? "; " : "；";
  const dx = [
    v.t([
      `G${p.gravida}P${p.para}, ${p.twins ? "twin" : "singleton"} intrauterine pregnancy at ${gaLabel(v.ga)} weeks`,
      `G${p.gravida}P${p.para}，宫内${p.twins ? "双胎" : "单活胎"}妊娠${gaLabel(v.ga)}周`,
    ]),
    ...pb.diagnoses,
  ];
  const now = v.iso(v.planAt ?? v.visit.start);
  const today = resultEvents(v, (e) => e.visit_id === v.visit.id && e.time <= now);
  const results = pb.brief ? v.results.join(sep) : today.map((e) => describeFull(v, e)).join(lang === "en" ? " " : "");
  const parts = [
    header(v, "Results today", "今日结果") + (results || v.t(["none pending", "无"])),
    header(v, "Assessment", "诊断") + dx.map((d, i) => `${i + 1}. ${d}`).join(" "),
    header(v, "Plan", "处理") + joinSentences(lang, [...v.plan, nextLine]),
  ];
  if (!pb.brief) {
    const rest = SCHEDULE_TEXT.filter((x) => x.until > v.ga).map((x) => v.t(x.text));
    if (rest.length) parts.push(header(v, "Remaining antenatal schedule", "后续产检安排") + rest.join(sep));
  }
  if (!pb.brief && pb.activeMeds.length) parts.push(header(v, "Medications", "用药") + pb.activeMeds.join(sep));
  if (!pb.brief)
    parts.push(
      header(v, "Advice", "医嘱") +
        v.t([
          "Balanced diet and daily activity; count fetal movements from 28 weeks; attend at once with bleeding, fluid loss, headache or reduced movements.",
          "均衡饮食，适当活动；孕28周起自数胎动；如有阴道流血、流液、头痛或胎动减少随时就诊。",
        ]),
    );
  if (!pb.brief) parts.push(header(v, "Risk grade", "妊娠风险分级") + riskGrade(v));
  v.act(0, { event_type: "clinical_note", name: nm(lang, "notePlan"), text: parts.join("\n") }, "planNote");
}

export function writeEducationNote(v: VisitCtx): void {
  const { pb, lang } = v;
  const pool = EDUCATION.filter((e) => v.ga >= e.from && v.ga < e.to);
  const chosen = pb.rng.sample(pool, pb.brief ? 1 : 4).map((e) => v.t(e.text));
  if (!pb.brief) chosen.push(...pb.rng.sample([...EDUCATION_GENERAL, ...EDUCATION_MORE], EDU_GENERAL[lang]).map((e) => v.t(e)));
  const text = joinSentences(lang, [
    ...v.education,
    ...chosen,
    v.t(["Questions answered; patient verbalised understanding.", "已解答疑问，孕妇表示理解。"]),
  ]);
  v.act(6, { event_type: "clinical_note", name: nm(lang, "noteEducation"), text });
}

/** One copied-forward line per visit, and results worth repeating in later notes. */
export function updateCourse(v: VisitCtx): void {
  const { pb, lang } = v;
  const bp = v.refs.get("bp")?.text ?? "";
  const w = v.refs.get("weight")?.value;
  const bits = [
    v.t([
      `${gaLabel(v.ga)} wk (${v.visit.id}, ${v.visit.date}): BP ${bp}, weight ${w} kg`,
      `孕${gaLabel(v.ga)}周(${v.visit.id}，${v.visit.date})：血压${bp}，体重${w} kg`,
    ]),
    ...v.complaints,
    ...(pb.brief ? [] : v.exam.slice(1)),
    ...(pb.brief ? [] : v.results),
    ...v.assessment,
    ...(pb.brief ? v.plan.slice(0, 2) : v.plan),
  ];
  // Sentences lose their own full stop so the joined line reads "a; b; c." / "a，b，c。".
  const clean = bits.map((b) => b.replace(/[。.]\s*$/, "")).filter((b) => b.length > 0);
  pb.course.push({ ga: v.ga, line: clean.join(lang === "en" ? "; " : "，") + (lang === "en" ? "." : "。") });
}

/** Written when something was found or decided, and now and then at routine visits. */
export function writeCommunicationNote(v: VisitCtx): void {
  if (v.pb.brief || (v.assessment.length === 0 && !v.pb.rng.chance(0.3))) return;
  const about = v.assessment.length
    ? v.assessment.join(v.lang === "en" ? "; " : "；")
    : v.t(["routine antenatal care and screening results", "常规产检及筛查结果"]);
  const text = joinSentences(v.lang, [
    v.t([`Discussed: ${about}.`, `沟通内容：${about}。`]),
    ...v.plan.slice(0, 3),
    ...COMMUNICATION.map((c) => v.t(c)),
  ]);
  v.act(9, { event_type: "clinical_note", name: nm(v.lang, "noteCommunication"), text });
}

/**
 * The pregnancy risk screening form, re-done at booking, 28 and 36 weeks and after a new
 * diagnosis. Items are ticked from what the chart already shows, before the visit's decision.
 */
export function writeRiskForm(v: VisitCtx): void {
  const { pb, lang } = v;
  if (pb.brief) return;
  const k = v.visit.kind;
  const due =
    k === "booking" || v.visit.tags.has("antibody") || v.visit.tags.has("gbs") || (pb.diagnoses.length > 0 && v.pb.rng.chance(0.25));
  if (!due) return;
  const p = pb.profile;
  const dx = pb.diagnoses.join(" ");
  const yes = (i: number): boolean => {
    if (i === 0) return p.age >= 35 || p.age < 18;
    if (i === 1) return p.bmi > 25 || p.bmi < 18.5;
    if (i === 3) return p.cond.rhNeg;
    if (i === 7) return p.cond.prevPe;
    if (i === 16) return p.twins !== null;
    if (i === 17) return p.datingMethod === "IVF";
    const key = [
      [20, ["diabetes", "糖尿病"]],
      [21, ["hypertension", "eclampsia", "高血压", "子痫"]],
      [22, ["cholestasis", "胆汁淤积"]],
      [23, ["anemia", "贫血"]],
      [24, ["nuchal", "NIPT"]],
    ] as const;
    const hit = key.find(([n]) => n === i);
    return hit ? hit[1].some((w) => dx.includes(w)) : false;
  };
  const rows = RISK_ITEMS.map((it, i) => `${v.t(it)}: ${yes(i) ? v.t(["yes", "是"]) : v.t(["no", "否"])}`);
  const text = [
    v.t([`Pregnancy risk screening at ${gaLabel(v.ga)} weeks.`, `孕${gaLabel(v.ga)}周妊娠风险筛查。`]),
    rows.join(lang === "en" ? "; " : "；"),
    v.t(["Grade: ", "评估分级："]) + riskGrade(v),
  ].join("\n");
  v.observe(40, { event_type: "clinical_note", name: v.t(["Pregnancy risk screening form", "孕产妇妊娠风险筛查表"]), text });
}
