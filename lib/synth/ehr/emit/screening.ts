/**
 * Screening items: OGTT, NIPT and GBS culture. NIPT and GBS are reported days after the
 * sample, so their events carry the ordering visit's id but a later time — exactly the
 * case where a viewer that filters by visit instead of time would leak future data.
 */
import { tr } from "../../lang";
import { roundTo } from "../../random";
import { nm } from "../lexicon";
import type { VisitCtx } from "../record";
import type { EhrEvent, EventItem } from "../types";
import { NEG, POS, U } from "./lab-util";

export const OGTT_CUTOFFS = { fasting: 5.1, h1: 10.0, h2: 8.5 } as const;

export function emitOgtt(v: VisitCtx): EhrEvent {
  const { pb, lang } = v;
  const r = pb.rng;
  let f: number;
  let h1: number;
  let h2: number;
  if (pb.profile.cond.gdm) {
    // At least one value at or above its cutoff; which ones varies as in real OGTTs.
    const pattern = r.weighted([
      ["f", 25],
      ["h1", 20],
      ["h2", 25],
      ["f+h2", 15],
      ["all", 15],
    ] as const);
    f = pattern === "f" || pattern === "f+h2" || pattern === "all" ? r.float(5.1, 6.3) : r.float(4.3, 5.0);
    h1 = pattern === "h1" || pattern === "all" ? r.float(10.0, 12.6) : r.float(7.5, 9.8);
    h2 = pattern === "h2" || pattern === "f+h2" || pattern === "all" ? r.float(8.5, 10.9) : r.float(6.4, 8.3);
  } else {
    f = r.float(3.9, 4.9);
    h1 = r.float(5.8, 9.5);
    h2 = r.float(5.0, 8.1);
  }
  const vals = [roundTo(f, 2), roundTo(h1, 2), roundTo(h2, 2)] as const;
  const cut = [OGTT_CUTOFFS.fasting, OGTT_CUTOFFS.h1, OGTT_CUTOFFS.h2] as const;
  const keys = ["ogttF", "ogtt1", "ogtt2"] as const;
  const items: EventItem[] = keys.map((k, i) => ({
    name: nm(lang, k),
    value: vals[i] as number,
    unit: U.mmolL,
    ref_range: { high: cut[i] as number },
    flag: (vals[i] as number) >= (cut[i] as number) ? "H" : "N",
  }));
  v.results.push(v.t([`OGTT ${vals.join(" / ")} mmol/L`, `OGTT ${vals.join("/")} mmol/L`]));
  return v.observe(
    r.int(170, 200),
    {
      event_type: "screening",
      name: nm(lang, "ogtt"),
      items,
    },
    "ogtt",
  );
}

/** NIPT drawn today, reported 7–12 days later. */
export function emitNipt(v: VisitCtx): EhrEvent {
  const { pb, lang } = v;
  const r = pb.rng;
  const high = pb.profile.cond.screen === "nipt";
  const z21 = high ? roundTo(r.float(4.2, 9.5), 2) : roundTo(r.float(-1.8, 2.1), 2);
  // Overall result first; the format allows value/flag or items[], not both.
  const items: EventItem[] = [
    {
      name: tr(lang, ["Result", "检测结果"]),
      value: tr(lang, high ? ["High risk (trisomy 21)", "高风险(21-三体)"] : ["Low risk", "低风险"]),
      flag: high ? "A" : "N",
    },
    { name: nm(lang, "nipt21"), value: z21, ref_range: { low: -3, high: 3 }, flag: high ? "H" : "N" },
    { name: nm(lang, "nipt18"), value: roundTo(r.float(-1.8, 2.1), 2), ref_range: { low: -3, high: 3 }, flag: "N" },
    { name: nm(lang, "nipt13"), value: roundTo(r.float(-1.8, 2.1), 2), ref_range: { low: -3, high: 3 }, flag: "N" },
    { name: nm(lang, "ff"), value: roundTo(r.float(6, 16), 1), unit: U.pct },
  ];
  return v.later(
    r.int(7, 12),
    r.int(600, 960),
    {
      event_type: "screening",
      name: nm(lang, "nipt"),
      items,
      text: tr(
        lang,
        high
          ? [
              "Increased chromosome 21 representation. This is a screening test; confirmation by invasive diagnosis is recommended.",
              "21号染色体比例增高。本检测为筛查，建议行介入性产前诊断确诊。",
            ]
          : ["No increased risk for trisomy 21, 18 or 13 detected.", "未见21、18、13-三体高风险。"],
      ),
    },
    "nipt",
  );
}

/** Rectovaginal swab today; culture reported 2–3 days later. */
export function emitGbs(v: VisitCtx): EhrEvent {
  const { pb, lang } = v;
  const pos = pb.profile.cond.gbs;
  return v.later(
    pb.rng.int(2, 3),
    pb.rng.int(540, 900),
    {
      event_type: "screening",
      name: nm(lang, "gbs"),
      value: tr(lang, pos ? POS : NEG),
      flag: pos ? "A" : "N",
      text: tr(
        lang,
        pos
          ? ["Streptococcus agalactiae (group B) isolated.", "检出无乳链球菌(B族链球菌)。"]
          : ["No group B streptococcus isolated after 48 h.", "培养48小时未检出B族链球菌。"],
      ),
    },
    "gbs",
  );
}

/** Early-pregnancy hCG (doubling with GA) and progesterone. */
export function emitHcg(v: VisitCtx): EhrEvent {
  const r = v.pb.rng;
  const hcg = Math.round(Math.min(150000, 2000 * 2 ** ((v.ga - 35) / 2.2)) * r.float(0.7, 1.3));
  const prog = Math.round(r.float(55, 110) * 10) / 10;
  v.results.push(`β-hCG ${hcg} IU/L`);
  return v.observe(
    r.int(80, 120),
    {
      event_type: "lab_test",
      name: v.t(["Early pregnancy hormones", "早孕激素"]),
      items: [
        { name: v.t(["Serum beta-hCG", "血清β-hCG"]), value: hcg, unit: "IU/L" },
        { name: v.t(["Progesterone", "孕酮"]), value: prog, unit: "nmol/L", ref_range: { low: 31.8 }, flag: "N" },
      ],
    },
    "hcg",
  );
}
