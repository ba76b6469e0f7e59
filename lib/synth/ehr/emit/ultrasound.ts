/**
 * Ultrasound reports. The report text is long on purpose: in a real record the structured
 * numbers are buried in a narrative, and the model must find them there or in items[].
 */
import { gaLabel, wk } from "../../dates";
import { tr } from "../../lang";
import { nm } from "../lexicon";
import type { VisitCtx } from "../record";
import type { EhrEvent, EventItem } from "../types";
import { U } from "./lab-util";

const PLACENTA = [
  ["anterior", "前壁"],
  ["posterior", "后壁"],
  ["fundal", "宫底"],
  ["right lateral", "右侧壁"],
] as const;

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${s}`;
}

function fetusLabel(v: VisitCtx, f: number): string {
  if (!v.pb.profile.twins) return "";
  return v.t(f === 0 ? ["Twin A ", "胎儿A "] : ["Twin B ", "胎儿B "]);
}

function chorionText(v: VisitCtx): string {
  const c = v.pb.profile.twins;
  if (c === "DCDA")
    return v.t([
      "Two gestational sacs with a thick dividing membrane and lambda sign: dichorionic diamniotic twins.",
      "宫内见两个妊娠囊，隔膜较厚，呈“λ”征：双绒毛膜双羊膜囊双胎。",
    ]);
  if (c === "MCDA")
    return v.t([
      "Single placenta with a thin dividing membrane and T sign: monochorionic diamniotic twins.",
      "单一胎盘，隔膜菲薄，呈“T”征：单绒毛膜双羊膜囊双胎。",
    ]);
  return v.t(["Single intrauterine gestational sac.", "宫内单个妊娠囊。"]);
}

export function emitDatingScan(v: VisitCtx): EhrEvent {
  const { pb, ga, lang } = v;
  const n = pb.profile.twins ? 2 : 1;
  const items: EventItem[] = [];
  for (let f = 0; f < n; f++) {
    items.push({ name: `${fetusLabel(v, f)}${nm(lang, "crl")}`, value: Math.max(2, pb.physio.crl(ga)), unit: U.mm });
    items.push({ name: `${fetusLabel(v, f)}${nm(lang, "fhr")}`, value: pb.physio.fhr() + 10, unit: U.bpm });
  }
  const text = [
    chorionText(v),
    v.t([
      `Embryonic cardiac activity present. CRL consistent with ${gaLabel(ga)} weeks; dating confirmed, EDD ${pb.profile.edd}.`,
      `可见原始心管搏动。头臀长相当于孕${gaLabel(ga)}周，核对孕周无误，预产期${pb.profile.edd}。`,
    ]),
    pb.brief
      ? ""
      : v.t([
          "Both adnexa unremarkable, no free fluid in the pouch of Douglas. Uterus anteverted, myometrium homogeneous.",
          "双侧附件区未见明显异常，盆腔未见积液。子宫前位，肌层回声均匀。",
        ]),
  ].join(lang === "en" ? " " : "");
  return v.observe(pb.rng.int(40, 70), { event_type: "ultrasound", name: nm(lang, "usDating"), items, text }, "usDating");
}

export function emitNtScan(v: VisitCtx): EhrEvent {
  const { pb, ga, lang } = v;
  const n = pb.profile.twins ? 2 : 1;
  const items: EventItem[] = [];
  const nts: number[] = [];
  for (let f = 0; f < n; f++) {
    const crl = Math.min(83.5, Math.max(46, pb.physio.crl(ga)));
    const nt =
      pb.profile.cond.screen === "nt" ? Math.round(pb.rng.float(3.5, 6.2) * 10) / 10 : Math.round(pb.rng.float(0.9, 2.6) * 10) / 10;
    nts.push(nt);
    items.push({ name: `${fetusLabel(v, f)}${nm(lang, "crl")}`, value: crl, unit: U.mm, ref_range: { low: 45, high: 84 } });
    items.push({
      name: `${fetusLabel(v, f)}${nm(lang, "nt")}`,
      value: nt,
      unit: U.mm,
      ref_range: { high: 3.5 },
      flag: nt >= 3.5 ? "H" : "N",
    });
    items.push({ name: `${fetusLabel(v, f)}${nm(lang, "fhr")}`, value: pb.physio.fhr() + 8, unit: U.bpm });
  }
  const ntTxt = nts.map((x) => `${x} mm`).join(" / ");
  const text = [
    chorionText(v),
    v.t([
      `Live fetus(es). NT ${ntTxt} measured in the mid-sagittal plane with neutral neck.`,
      `胎儿存活。正中矢状切面、颈部自然伸展状态下测量NT ${ntTxt}。`,
    ]),
    pb.brief
      ? ""
      : v.t([
          "Nasal bone visualised. Skull ossified, falx midline, choroid plexus symmetrical. Stomach bubble and bladder seen; abdominal wall intact; four limbs seen moving. Tricuspid flow without regurgitation, ductus venosus a-wave positive.",
          "可见鼻骨。颅骨光环完整，脑中线居中，双侧脉络丛对称。可见胃泡及膀胱，腹壁完整，四肢可见活动。三尖瓣未见反流，静脉导管a波正向。",
        ]),
  ].join(lang === "en" ? " " : "");
  return v.observe(pb.rng.int(45, 90), { event_type: "ultrasound", name: nm(lang, "usNt"), items, text }, "usNt");
}

/** Anatomy, growth and twin surveillance scans share biometry; the narrative differs. */
export function emitBiometryScan(v: VisitCtx, kind: "usAnatomy" | "usGrowth" | "usTwin"): EhrEvent {
  const { pb, ga, lang } = v;
  const n = pb.profile.twins ? 2 : 1;
  const items: EventItem[] = [];
  const parts: string[] = [];
  const efws: number[] = [];
  const placenta = PLACENTA[pb.profile.index % PLACENTA.length] ?? PLACENTA[0];
  for (let f = 0; f < n; f++) {
    const b = pb.physio.biometry(ga, f);
    efws.push(b.efw);
    const L = fetusLabel(v, f);
    items.push(
      { name: `${L}${nm(lang, "bpd")}`, value: b.bpd, unit: U.mm },
      { name: `${L}${nm(lang, "hc")}`, value: b.hc, unit: U.mm },
      { name: `${L}${nm(lang, "ac")}`, value: b.ac, unit: U.mm },
      { name: `${L}${nm(lang, "fl")}`, value: b.fl, unit: U.mm },
      { name: `${L}${nm(lang, "efw")}`, value: b.efw, unit: U.g },
      { name: `${L}${nm(lang, "efwCentile")}`, value: b.centile, unit: "centile", ref_range: { low: 10 }, flag: "N" },
      { name: `${L}${nm(lang, "dvp")}`, value: b.dvp, unit: U.cm, ref_range: { low: 2, high: 8 }, flag: "N" },
    );
    parts.push(
      v.t([
        `${L}BPD ${b.bpd} mm, HC ${b.hc} mm, AC ${b.ac} mm, FL ${b.fl} mm, EFW ${b.efw} g (${ordinal(b.centile)} centile), DVP ${b.dvp} cm.`,
        `${L}双顶径${b.bpd} mm，头围${b.hc} mm，腹围${b.ac} mm，股骨长${b.fl} mm，估计胎儿体重${b.efw} g(第${b.centile}百分位)，最大羊水池深度${b.dvp} cm。`,
      ]),
    );
  }
  if (n === 2) {
    const [a = 0, b = 0] = efws;
    const disc = Math.round((Math.abs(a - b) / Math.max(a, b)) * 100);
    parts.push(v.t([`Inter-twin EFW discordance ${disc}%.`, `双胎估计体重差异${disc}%。`]));
  }
  parts.push(v.t([`Placenta ${placenta[0]}, clear of the internal os.`, `胎盘位于${placenta[1]}，下缘远离宫颈内口。`]));
  if (ga >= wk(28))
    parts.push(
      v.t(["Presentation cephalic. Umbilical artery Doppler S/D ratio within normal limits.", "胎方位头位。脐动脉血流S/D比值正常。"]),
    );
  if (kind === "usAnatomy" && !pb.brief) parts.push(anatomyNarrative(v));
  if (kind === "usTwin" && pb.profile.twins === "MCDA")
    parts.push(
      v.t([
        "No evidence of twin-to-twin transfusion: both bladders visible, MCA PSV normal in both fetuses.",
        "未见双胎输血综合征征象：两胎膀胱均可见，双胎大脑中动脉PSV正常。",
      ]),
    );
  const text = parts.join(lang === "en" ? " " : "");
  return v.observe(pb.rng.int(50, 110), { event_type: "ultrasound", name: nm(lang, kind), items, text }, kind);
}

function anatomyNarrative(v: VisitCtx): string {
  return tr(v.lang, [
    "Systematic survey: skull intact and ovoid; midline echo central; lateral ventricular atria < 10 mm; cavum septi pellucidi present; cerebellum and cisterna magna normal. Face: orbits symmetrical, upper lip continuous. Spine: aligned in sagittal and coronal planes, skin covering intact. Heart: situs solitus, four-chamber view symmetrical, outflow tracts crossing normally, three-vessel-trachea view normal. Thorax: lungs homogeneous, no effusion. Abdomen: stomach on the left, both kidneys and bladder seen, cord insertion normal, three-vessel cord. Limbs: long bones of all four limbs seen, hands and feet with normal posture. Cervical length 36 mm.",
    "系统筛查：颅骨光环完整呈椭圆形，脑中线居中，侧脑室后角宽度<10 mm，透明隔腔可见，小脑及后颅窝池未见异常。颜面部：双眼眶对称，上唇连续。脊柱：矢状及冠状切面排列整齐，皮肤覆盖完整。心脏：心脏位置正常，四腔心切面对称，左右室流出道交叉走行正常，三血管气管切面正常。胸腔：双肺回声均匀，未见积液。腹部：胃泡位于左侧，双肾及膀胱可见，脐带腹壁入口正常，脐带三根血管。四肢：四肢长骨均可显示，手足姿势未见异常。宫颈长度36 mm。",
  ]);
}
