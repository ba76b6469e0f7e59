/**
 * Routine laboratory results at a visit. Samples are drawn ~30 min after arrival; each
 * event is timed at its *report* time, which is what an EHR shows and what a cutoff hides.
 */
import { trimester } from "../../dates";
import { tr } from "../../lang";
import type { VisitCtx } from "../record";
import type { EhrEvent } from "../types";
import { item, qual, quote, U } from "./lab-util";
import { nm } from "../lexicon";

export function emitCbc(v: VisitCtx): EhrEvent {
  const { pb, ga, lang } = v;
  const hb = pb.physio.hb(ga);
  const anemic = hb < (trimester(ga) === 2 ? 105 : 110);
  const mcv = Math.round(anemic ? pb.rng.float(72, 81) : pb.rng.float(86, 96));
  const r = pb.rng;
  const rbc = hb / (anemic ? 24 : 30); // RBC (10^12/L) = Hb (g/L) / MCH (pg)
  const neut = Math.round(r.float(62, 78) * 10) / 10;
  const lymph = Math.round(r.float(16, 30) * 10) / 10;
  const items = [
    item(lang, "wbc", Math.round(r.float(6.0, 11.5) * 10) / 10, U.e9L, { low: 3.5, high: 15 }),
    item(lang, "neut", neut, U.pct, { low: 40, high: 80 }),
    item(lang, "lymph", lymph, U.pct, { low: 15, high: 40 }),
    item(lang, "mono", Math.round(r.float(3.2, 8.5) * 10) / 10, U.pct, { low: 3, high: 10 }),
    item(lang, "rbc", Math.round(rbc * 100) / 100, "10^12/L", { low: 3.8, high: 5.1 }),
    item(lang, "hb", hb, U.gL, { low: 110, high: 150 }),
    item(lang, "hct", Math.round(hb * 0.3 * 10) / 10, U.pct, { low: 33, high: 45 }),
    item(lang, "mcv", mcv, U.fL, { low: 82, high: 100 }),
    item(lang, "mch", Math.round((anemic ? r.float(22, 26) : r.float(28, 32)) * 10) / 10, "pg", { low: 27, high: 34 }),
    item(lang, "mchc", Math.round(anemic ? r.float(290, 315) : r.float(320, 350)), U.gL, { low: 316, high: 354 }),
    item(lang, "rdw", Math.round((anemic ? r.float(15, 18) : r.float(11.8, 14)) * 10) / 10, U.pct, { low: 11, high: 14.5 }),
    item(lang, "plt", pb.physio.plt(ga), U.e9L, { low: 125, high: 350 }),
    item(lang, "mpv", Math.round(r.float(9, 12) * 10) / 10, U.fL, { low: 7.4, high: 12.5 }),
  ];
  const ev = v.observe(pb.rng.int(75, 110), { event_type: "lab_test", name: nm(lang, "cbc"), items }, "cbc");
  v.results.push(
    [items[5], items[0], items[11]]
      .filter((i) => i !== undefined)
      .map(quote)
      .join(", "),
  );
  return ev;
}

export function emitFerritin(v: VisitCtx): EhrEvent {
  const f = v.pb.physio.ferritin(v.ga);
  const ev = v.observe(
    v.pb.rng.int(150, 200),
    {
      event_type: "lab_test",
      name: nm(v.lang, "ferritin"),
      value: f,
      unit: U.ugL,
      ref_range: { low: 15, high: 150 },
      flag: f < 15 ? "L" : "N",
    },
    "ferritin",
  );
  v.results.push(`${nm(v.lang, "ferritin")} ${f} ${U.ugL}`);
  return ev;
}

export function emitBloodGroup(v: VisitCtx, antibodyOnly = false): EhrEvent {
  const { pb, lang } = v;
  const p = pb.profile;
  const rh = tr(lang, p.cond.rhNeg ? ["Negative", "阴性"] : ["Positive", "阳性"]);
  const items = antibodyOnly
    ? [qual(lang, "antibody", false)]
    : [
        { name: nm(lang, "abo"), value: p.abo },
        { name: nm(lang, "rhd"), value: rh, flag: p.cond.rhNeg ? ("A" as const) : ("N" as const) },
        qual(lang, "antibody", false),
      ];
  return v.observe(
    pb.rng.int(120, 170),
    { event_type: "lab_test", name: nm(lang, antibodyOnly ? "antibody" : "bloodGroup"), items },
    antibodyOnly ? "antibody" : "bloodGroup",
  );
}

export function emitInfection(v: VisitCtx): EhrEvent {
  const { lang } = v;
  const items = (["hbsag", "syphilis", "hiv", "hcv"] as const).map((k) => qual(lang, k, false));
  return v.observe(v.pb.rng.int(180, 240), { event_type: "lab_test", name: nm(lang, "infection"), items }, "infection");
}

export function emitFpg(v: VisitCtx): EhrEvent {
  // Everyone books with a normal fasting glucose: pre-existing diabetes is out of scope.
  const g = Math.round(v.pb.rng.float(4.0, 4.9) * 10) / 10;
  return v.observe(
    v.pb.rng.int(90, 130),
    {
      event_type: "lab_test",
      name: nm(v.lang, "fpg"),
      code: { system: "LOINC", value: "1558-6" },
      value: g,
      unit: U.mmolL,
      ref_range: { low: 3.9, high: 5.1 },
      flag: "N",
    },
    "fpg",
  );
}

/** Liver panel; bile acids ride along when asked (routine in T3 in Chinese practice). */
export function emitLiver(v: VisitCtx, withTba: boolean): EhrEvent {
  const { pb, ga, lang } = v;
  const r = pb.rng;
  const tbil = Math.round(r.float(4, 14) * 10) / 10;
  const alb = Math.round(r.float(33, 40));
  const glb = Math.round(r.float(26, 33));
  const items = [
    item(lang, "alt", pb.physio.alt(ga), U.UL, { low: 7, high: 40 }),
    item(lang, "ast", pb.physio.ast(ga), U.UL, { low: 13, high: 40 }),
    item(lang, "ggt", Math.round(r.float(6, 28)), U.UL, { low: 7, high: 45 }),
    item(lang, "alp", Math.round(ga > 196 ? r.float(90, 220) : r.float(45, 110)), U.UL, { low: 35, high: 135 }),
    item(lang, "tbil", tbil, U.umolL, { high: 21 }),
    item(lang, "dbil", Math.round(tbil * r.float(0.2, 0.35) * 10) / 10, U.umolL, { high: 6.8 }),
    item(lang, "tp", alb + glb, U.gL, { low: 65, high: 85 }),
    item(lang, "alb", alb, U.gL, { low: 35, high: 55 }),
    item(lang, "glb", glb, U.gL, { low: 20, high: 40 }),
    item(lang, "ldh", Math.round(r.float(140, 230)), U.UL, { low: 120, high: 250 }),
  ];
  const ev = v.observe(pb.rng.int(140, 200), { event_type: "lab_test", name: nm(lang, "liver"), items }, "liver");
  v.results.push(items.slice(0, 2).map(quote).join(", "));
  if (withTba) emitTba(v);
  return ev;
}

/** Bile acids; `laterDays` > 0 when the sample is sent out and reported on a later day. */
export function emitTba(v: VisitCtx, laterDays = 0): EhrEvent {
  const tba = v.pb.physio.tba(v.ga);
  const draft = {
    event_type: "lab_test" as const,
    name: nm(v.lang, "tba"),
    code: { system: "LOINC", value: "14628-2" },
    value: tba,
    unit: U.umolL,
    ref_range: { high: 10 },
    flag: tba >= 10 ? ("H" as const) : ("N" as const),
  };
  if (laterDays > 0) return v.later(laterDays, v.pb.rng.int(540, 720), draft, "tba");
  v.results.push(`${nm(v.lang, "tba")} ${tba} ${U.umolL}`);
  return v.observe(v.pb.rng.int(150, 210), draft, "tba");
}

export function emitRenal(v: VisitCtx): EhrEvent {
  const { pb, lang } = v;
  const items = [
    item(lang, "creat", Math.round(pb.rng.float(38, 64)), U.umolL, { low: 41, high: 81 }),
    item(lang, "urea", Math.round(pb.rng.float(2.2, 4.6) * 10) / 10, U.mmolL, { low: 2.6, high: 7.5 }),
    item(lang, "uric", Math.round(pb.rng.float(180, 320)), U.umolL, { low: 155, high: 357 }),
    item(lang, "cysc", Math.round(pb.rng.float(0.6, 1.0) * 100) / 100, "mg/L", { low: 0.51, high: 1.09 }),
    item(lang, "na", Math.round(pb.rng.float(135, 141)), U.mmolL, { low: 137, high: 147 }),
    item(lang, "k", Math.round(pb.rng.float(3.6, 4.6) * 10) / 10, U.mmolL, { low: 3.5, high: 5.3 }),
    item(lang, "cl", Math.round(pb.rng.float(99, 107)), U.mmolL, { low: 99, high: 110 }),
    item(lang, "ca", Math.round(pb.rng.float(2.1, 2.45) * 100) / 100, U.mmolL, { low: 2.11, high: 2.52 }),
  ];
  return v.observe(pb.rng.int(140, 200), { event_type: "lab_test", name: nm(lang, "renal"), items }, "renal");
}

export function emitThyroid(v: VisitCtx): EhrEvent {
  const { pb, lang } = v;
  const items = [
    item(lang, "tsh", Math.round(pb.rng.float(0.6, 2.4) * 100) / 100, U.mIUL, { low: 0.1, high: 2.5 }),
    item(lang, "ft4", Math.round(pb.rng.float(12, 18) * 10) / 10, U.pmolL, { low: 11.5, high: 22.7 }),
  ];
  return v.observe(pb.rng.int(200, 260), { event_type: "lab_test", name: nm(lang, "thyroid"), items }, "thyroid");
}

export function emitCoag(v: VisitCtx): EhrEvent {
  const { pb, lang } = v;
  const items = [
    item(lang, "pt", Math.round(pb.rng.float(10.2, 12.4) * 10) / 10, U.s, { low: 9.4, high: 12.5 }),
    item(lang, "aptt", Math.round(pb.rng.float(25, 33) * 10) / 10, U.s, { low: 25.1, high: 36.5 }),
    item(lang, "fib", Math.round(pb.rng.float(3.4, 5.2) * 10) / 10, U.gL, { low: 2, high: 6 }),
  ];
  return v.observe(pb.rng.int(90, 140), { event_type: "lab_test", name: nm(lang, "coag"), items }, "coag");
}

/** Dipstick urinalysis: done at every antenatal visit. */
export function emitUrinalysis(v: VisitCtx): EhrEvent {
  const { pb, ga, lang } = v;
  const prot = pb.physio.urineProtein(ga);
  const protAbn = prot !== "-" && prot !== "±";
  const items = [
    { name: nm(lang, "uprot"), value: prot, flag: protAbn ? ("A" as const) : ("N" as const) },
    { name: nm(lang, "uglu"), value: "-", flag: "N" as const },
    { name: nm(lang, "uket"), value: "-", flag: "N" as const },
    { name: nm(lang, "uleu"), value: pb.rng.chance(0.1) ? "±" : "-", flag: "N" as const },
    {
      name: nm(lang, "usg"),
      value: Math.round(pb.rng.float(1.008, 1.025) * 1000) / 1000,
      ref_range: { low: 1.003, high: 1.03 },
      flag: "N" as const,
    },
    { name: nm(lang, "uph"), value: pb.rng.pick([5.5, 6.0, 6.5, 7.0]), ref_range: { low: 4.5, high: 8 }, flag: "N" as const },
    { name: nm(lang, "ubil"), value: "-", flag: "N" as const },
    {
      name: nm(lang, "uro"),
      value: v.t(
        pb.rng.pick([
          ["normal", "正常"],
          ["normal", "正常"],
          ["±", "±"],
        ] as const),
      ),
      flag: "N" as const,
    },
    { name: nm(lang, "unit"), value: "-", flag: "N" as const },
    { name: nm(lang, "ubld"), value: "-", flag: "N" as const },
    { name: nm(lang, "urbc"), value: pb.rng.int(0, 3), unit: "/HPF", ref_range: { high: 5 }, flag: "N" as const },
    { name: nm(lang, "uwbc"), value: pb.rng.int(0, 4), unit: "/HPF", ref_range: { high: 5 }, flag: "N" as const },
  ];
  const ev = v.observe(pb.rng.int(25, 45), { event_type: "lab_test", name: nm(lang, "urinalysis"), items }, "urinalysis");
  v.results.push(`${nm(lang, "uprot")} ${prot}`);
  return ev;
}
