/** Vital signs taken at triage; fundal height and fetal heart by the doctor a little later. */
import { wk } from "../../dates";
import { nm } from "../lexicon";
import type { VisitCtx } from "../record";
import type { EhrEvent } from "../types";
import { U } from "./lab-util";

export function bpEvent(v: VisitCtx, offset: number, bp: [number, number], key: string): EhrEvent {
  const [s, d] = bp;
  const high = s >= 140 || d >= 90;
  return v.observe(
    offset,
    {
      event_type: "vital_sign",
      name: nm(v.lang, "bp"),
      items: [
        { name: nm(v.lang, "sbp"), value: s, unit: U.mmHg, ref_range: { high: 140 }, flag: s >= 140 ? "H" : "N" },
        { name: nm(v.lang, "dbp"), value: d, unit: U.mmHg, ref_range: { high: 90 }, flag: d >= 90 ? "H" : "N" },
      ],
      // The format allows value/flag or items[], not both: the flags live on the items.
      text: `${s}/${d} mmHg${high ? " (H)" : ""}`,
    },
    key,
  );
}

export function emitVitals(v: VisitCtx): void {
  const { pb, ga, lang } = v;
  const bp = pb.physio.bp(ga);
  bpEvent(v, 3, bp, "bp");
  const w = pb.physio.weight(ga);
  v.observe(4, { event_type: "vital_sign", name: nm(lang, "weight"), value: w, unit: U.kg }, "weight");
  const pulse = Math.round(pb.rng.clampedNormal(84, 7, 66, 99));
  v.observe(5, { event_type: "vital_sign", name: nm(lang, "pulse"), value: pulse, unit: U.bpm }, "pulse");
  if (v.visit.kind === "booking" || v.visit.kind === "admission") {
    const t = Math.round(pb.rng.float(36.3, 36.9) * 10) / 10;
    v.observe(5, { event_type: "vital_sign", name: nm(lang, "temp"), value: t, unit: "°C" }, "temp");
  }
  v.exam.push(
    v.t([`BP ${bp[0]}/${bp[1]} mmHg, pulse ${pulse}/min, weight ${w} kg.`, `血压${bp[0]}/${bp[1]} mmHg，脉搏${pulse}次/分，体重${w} kg。`]),
  );
  if (ga >= wk(20)) {
    const fh = pb.physio.fundalHeight(ga);
    v.observe(20, { event_type: "vital_sign", name: nm(lang, "fundal"), value: fh, unit: U.cm }, "fundal");
    const abdo = Math.round(pb.profile.weightKg * 0.6 + 40 + (ga - wk(20)) / 7);
    v.observe(20, { event_type: "vital_sign", name: nm(lang, "abdo"), value: abdo, unit: U.cm });
    v.exam.push(v.t([`Fundal height ${fh} cm, abdominal girth ${abdo} cm.`, `宫高${fh} cm，腹围${abdo} cm。`]));
  }
  if (ga >= wk(12)) {
    if (pb.profile.twins) {
      const a = pb.physio.fhr();
      const b = pb.physio.fhr();
      v.observe(
        22,
        {
          event_type: "vital_sign",
          name: nm(lang, "fhr"),
          items: [
            { name: nm(lang, "fhrA"), value: a, unit: U.bpm, ref_range: { low: 110, high: 160 }, flag: "N" },
            { name: nm(lang, "fhrB"), value: b, unit: U.bpm, ref_range: { low: 110, high: 160 }, flag: "N" },
          ],
        },
        "fhr",
      );
      v.exam.push(v.t([`Fetal hearts ${a} and ${b} bpm.`, `胎心率分别为${a}次/分、${b}次/分。`]));
    } else {
      const f = pb.physio.fhr();
      v.observe(
        22,
        { event_type: "vital_sign", name: nm(lang, "fhr"), value: f, unit: U.bpm, ref_range: { low: 110, high: 160 }, flag: "N" },
        "fhr",
      );
      v.exam.push(v.t([`Fetal heart ${f} bpm, regular.`, `胎心率${f}次/分，律齐。`]));
    }
  }
}
