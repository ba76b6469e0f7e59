/**
 * The paragraph's sentence on the calibration round, in English (the appendix paragraph, which
 * stays English like the rest of it) and in Chinese (the dashboard's calibration card for a
 * Chinese reader). Both state the same numbers of `report.calibration`: the set, agreement with
 * the key and Cohen's kappa at the raters' first round (mean and range), and who met the pass rule
 * at the first round and by their latest. Formats as format.ts; the minus sign is U+2212.
 */
import type { Locale } from "../i18n/locales";
import type { CalibrationReport, Range } from "./calibration";
import { fixed, joinList, numberWord, percent, plural } from "./format";

const num = (x: number | null) => fixed(x).replace(/^-/, "−");

/** Every rater of the audit, or which of them (the raters sentence has just named them all). */
function everyone(c: CalibrationReport, auditRaters: readonly string[]): boolean {
  return c.raters.length === auditRaters.length && c.raters.every((r) => auditRaters.includes(r.rater));
}

function en(c: CalibrationReport, auditRaters: readonly string[]): string {
  const s = c.summary;
  const n = s.raters;
  const labels = joinList(c.raters.map((r) => r.rater));
  const who = everyone(c, auditRaters)
    ? n === 1
      ? "the clinician"
      : n === 2
        ? "both clinicians"
        : `all ${numberWord(n)} clinicians`
    : `${labels} (${numberWord(n)} of the ${numberWord(auditRaters.length)} clinicians)`;
  const spread = (r: Range, show: (x: number | null) => string) =>
    r.n >= 2 ? `${show(r.mean)} on average (range ${show(r.min)}–${show(r.max)})` : show(r.mean);
  const f = s.firstRound;
  let first = "";
  if (f.finished > 0) {
    const when = f.finished === n ? "at their first round" : `at their first round (${f.finished} of ${n} finished it)`;
    const kappa =
      f.kappa.n === 0
        ? "Cohen's kappa against the key was not defined (one category throughout)"
        : `Cohen's kappa against the key ${spread(f.kappa, num)}${f.kappa.n < f.finished ? ` (defined for ${f.kappa.n} of them)` : ""}`;
    first = `: ${when}, agreement with the key was ${spread(f.agreement, (x) => percent(x))} and ${kappa}`;
  }
  const rule = `at least ${c.passPercent}% of answers matching the key, ${c.gate ? "required before their queue opened" : "reported only"}`;
  const recalibrations = c.rounds.length - 1;
  const later =
    recalibrations > 0
      ? `, and ${s.passed} of ${n} by their latest round (${plural(recalibrations, "re-calibration round")} followed)`
      : "";
  const open = s.inProgress > 0 ? `; ${s.inProgress} of ${n} had not yet finished their latest round` : "";
  return (
    `Before rating, ${who} worked through a calibration set of ${plural(c.items, "practice case")} (${plural(c.questions, "question")}) ` +
    `with an answer key shown after each answer${first}; ${s.passedFirst} of ${n} met the pass rule (${rule}) at their first round${later}${open}.`
  );
}

function zh(c: CalibrationReport, auditRaters: readonly string[]): string {
  const s = c.summary;
  const n = s.raters;
  const labels = c.raters.map((r) => r.rater);
  const list = labels.length <= 1 ? labels.join("") : `${labels.slice(0, -1).join("、")} 和 ${labels[labels.length - 1]}`;
  const who = !everyone(c, auditRaters)
    ? `${auditRaters.length} 名临床医生中的 ${list} `
    : n === 1
      ? `该名临床医生（${list}）`
      : `全部 ${n} 名临床医生（${list}）`;
  const spread = (r: Range, show: (x: number | null) => string) =>
    r.n >= 2 ? `平均为 ${show(r.mean)}（范围 ${show(r.min)}–${show(r.max)}）` : `为 ${show(r.mean)}`;
  const f = s.firstRound;
  let first = "";
  if (f.finished > 0) {
    const when = f.finished === n ? "首轮中" : `首轮中（${n} 名中 ${f.finished} 名已完成）`;
    const kappa =
      f.kappa.n === 0
        ? "与答案键的 Cohen's kappa 无法定义（全程只用一个类别）"
        : `与答案键的 Cohen's kappa ${spread(f.kappa, num)}${f.kappa.n < f.finished ? `（其中 ${f.kappa.n} 名可定义）` : ""}`;
    first = `：${when}，与答案键的一致率${spread(f.agreement, (x) => percent(x))}，${kappa}`;
  }
  const rule = `至少 ${c.passPercent}% 的回答与答案键一致，${c.gate ? "通过后才开放其评审队列" : "仅报告"}`;
  const recalibrations = c.rounds.length - 1;
  const later = recalibrations > 0 ? `；经过 ${recalibrations} 轮重新校准，${n} 名中 ${s.passed} 名在最近一轮达到该规则` : "";
  const open = s.inProgress > 0 ? `；${n} 名中 ${s.inProgress} 名尚未完成最近一轮` : "";
  return (
    `正式评审前，${who}完成了包含 ${c.items} 个练习病例（${c.questions} 个问题）的校准集，每次作答后显示答案键${first}；` +
    `${n} 名中 ${s.passedFirst} 名在首轮达到通过规则（${rule}）${later}${open}。`
  );
}

/** One sentence on the calibration round in the given language; `auditRaters`: the audit's rater labels. */
export function calibrationSentence(c: CalibrationReport, auditRaters: readonly string[], locale: Locale = "en"): string {
  return locale === "zh-CN" ? zh(c, auditRaters) : en(c, auditRaters);
}
