/**
 * The rest of a Chinese booking work-up: hepatitis B serology, TORCH, vaginal discharge
 * microscopy, thalassaemia screen and ECG. All normal here — they are the bulk of a real
 * first-visit record and the context a reader has to look past.
 */
import { tr } from "../../lang";
import type { VisitCtx } from "../record";
import type { EventItem } from "../types";
import { NEG, POS } from "./lab-util";

function q(v: VisitCtx, name: readonly [string, string], positive = false): EventItem {
  return { name: tr(v.lang, name), value: tr(v.lang, positive ? POS : NEG), flag: "N" };
}

export function emitBookingExtras(v: VisitCtx): void {
  const r = v.pb.rng;
  const immune = r.chance(0.6);
  v.observe(r.int(200, 260), {
    event_type: "lab_test",
    name: v.t(["Hepatitis B serology", "乙肝两对半"]),
    items: [
      q(v, ["HBsAg", "乙肝表面抗原"]),
      q(v, ["Anti-HBs", "乙肝表面抗体"], immune),
      q(v, ["HBeAg", "乙肝e抗原"]),
      q(v, ["Anti-HBe", "乙肝e抗体"]),
      q(v, ["Anti-HBc", "乙肝核心抗体"]),
    ],
  });
  v.observe(r.int(220, 280), {
    event_type: "lab_test",
    name: v.t(["TORCH IgM screen", "TORCH-IgM筛查"]),
    items: [
      q(v, ["Toxoplasma IgM", "弓形虫IgM"]),
      q(v, ["Rubella IgM", "风疹病毒IgM"]),
      q(v, ["CMV IgM", "巨细胞病毒IgM"]),
      q(v, ["HSV-1/2 IgM", "单纯疱疹病毒IgM"]),
      { name: v.t(["Rubella IgG", "风疹病毒IgG"]), value: tr(v.lang, POS), flag: "N" },
    ],
  });
  v.observe(r.int(60, 90), {
    event_type: "lab_test",
    name: v.t(["Vaginal discharge microscopy", "白带常规"]),
    items: [
      { name: v.t(["Cleanliness grade", "清洁度"]), value: r.pick(["I", "II"]), flag: "N" },
      q(v, ["Trichomonas", "滴虫"]),
      q(v, ["Yeast/hyphae", "霉菌"]),
      q(v, ["Clue cells", "线索细胞"]),
      { name: v.t(["pH", "pH值"]), value: r.pick([4.0, 4.2, 4.5]), ref_range: { high: 4.5 }, flag: "N" },
    ],
  });
  v.observe(r.int(150, 200), {
    event_type: "lab_test",
    name: v.t(["Thalassaemia screen", "地中海贫血筛查"]),
    items: [
      { name: "HbA2", value: Math.round(r.float(2.4, 3.2) * 10) / 10, unit: "%", ref_range: { low: 2.5, high: 3.5 }, flag: "N" },
      { name: "HbF", value: Math.round(r.float(0.2, 1.5) * 10) / 10, unit: "%", ref_range: { high: 2 }, flag: "N" },
    ],
    text: v.t(["Haemoglobin electrophoresis: no evidence of thalassaemia trait.", "血红蛋白电泳：未提示地中海贫血。"]),
  });
  v.observe(r.int(30, 60), {
    event_type: "procedure",
    name: v.t(["Electrocardiogram", "心电图"]),
    value: v.t(["Sinus rhythm", "窦性心律"]),
    text: v.t([
      `Sinus rhythm, rate ${r.int(72, 96)}/min; normal axis; no ST-T change.`,
      `窦性心律，心率${r.int(72, 96)}次/分，电轴正常，未见ST-T改变。`,
    ]),
  });
}
