// The obstetric abbreviations and their long forms, both ways, in English and Chinese: a rater who
// searches the long form must find what the abbreviation finds (issue 35: "glucose tolerance" found
// nothing where "OGTT" found 73), and a partial long form must find it too.
import { describe, expect, it } from "vitest";
import { buildIndex, search } from "./search";

const record = [
  "75 g OGTT 5.3 / 10.4 / 8.9 mmol/L",
  "75g口服葡萄糖耐量试验(OGTT) 空腹5.1",
  "Oral glucose tolerance test booked for 26 weeks",
  "GDM on diet; gestational diabetes mellitus diagnosed at 27 weeks",
  "妊娠期糖尿病 饮食控制",
  "PIH: BP 148/96; gestational hypertension",
  "Pregnancy-induced hypertension, labetalol started",
  "妊娠期高血压",
  "PPROM at 33+2; preterm prelabour rupture of membranes",
  "未足月胎膜早破",
  "PROM at term",
  "胎膜早破 2 h",
  "ICP: intrahepatic cholestasis of pregnancy, TBA 40",
  "妊娠期肝内胆汁淤积症",
  "FGR, EFW < 3rd centile",
  "IUGR suspected; intrauterine growth restriction",
  "胎儿生长受限",
  "NIPT low risk",
  "Non-invasive prenatal testing low risk",
  "无创产前检测 低风险",
  "NT 1.8 mm; nuchal translucency normal",
  "颈项透明层 1.8 mm",
  "NT-proBNP 120 pg/mL",
  "AFP normal; alpha-fetoprotein 1.1 MoM",
  "甲胎蛋白 正常",
  "TSH 2.1 mIU/L; thyroid-stimulating hormone",
  "促甲状腺激素 2.1",
  "PE ruled out; pre-eclampsia bloods normal",
  "Preeclampsia screen low risk",
  "子痫前期 筛查低风险",
  "Pelvic exam; peripheral oedema",
  "HELLP syndrome excluded",
  "HELLP: platelets 80",
  "CTG reactive; cardiotocography normal",
  "NST reactive",
  "BPD 82 mm; biparietal diameter",
  "AFI 12 cm; amniotic fluid index normal",
  "LMP 2031-01-02; last menstrual period certain",
  "EDD 2031-10-09; estimated date of delivery",
  "VBAC counselling; vaginal birth after caesarean",
  "LSCS 2028; lower segment caesarean section",
  "CS for breech",
  "剖宫产 2028年",
  "Estimated fetal weight 1,900 g",
];

const index = buildIndex(record.map((text, i) => ({ key: String(i), fields: [{ field: "text", text }] })));
/** The original text of every hit, as the viewer highlights it. */
const marked = (query: string) => search(index, query).hits.map((h) => (record[Number(h.key)] as string).slice(h.start, h.end));
/** The record lines with a hit. */
const lines = (query: string) => [...search(index, query).byKey.keys()].map((k) => record[Number(k)]);

describe("obstetric abbreviations and long forms", () => {
  it("finds with each long form, English or Chinese, what the abbreviation finds, and the other way round", () => {
    const forms: Record<string, string[]> = {
      OGTT: ["oral glucose tolerance test", "口服葡萄糖耐量试验", "糖耐量"],
      GDM: ["gestational diabetes", "妊娠期糖尿病"],
      PIH: ["pregnancy-induced hypertension", "gestational hypertension", "妊娠期高血压"],
      PROM: ["premature rupture of membranes", "胎膜早破"],
      PPROM: ["preterm prelabour rupture of membranes", "preterm prelabor rupture of membranes", "未足月胎膜早破"],
      ICP: ["intrahepatic cholestasis of pregnancy", "妊娠期肝内胆汁淤积症"],
      FGR: ["fetal growth restriction", "胎儿生长受限"],
      IUGR: ["intrauterine growth restriction"],
      NIPT: ["non-invasive prenatal testing", "无创产前检测"],
      NT: ["nuchal translucency", "颈项透明层"],
      AFP: ["alpha-fetoprotein", "甲胎蛋白"],
      TSH: ["thyroid-stimulating hormone", "促甲状腺激素"],
      PE: ["pre-eclampsia", "子痫前期"],
      HELLP: ["hellp syndrome"],
      CTG: ["cardiotocography"],
      NST: ["non-stress test"],
      BPD: ["biparietal diameter"],
      AFI: ["amniotic fluid index"],
      LMP: ["last menstrual period"],
      EDD: ["estimated date of delivery"],
      VBAC: ["vaginal birth after caesarean"],
      CS: ["caesarean section", "剖宫产"],
      LSCS: ["lower segment caesarean section"],
      EFW: ["estimated fetal weight"],
    };
    for (const [abbreviation, longForms] of Object.entries(forms)) {
      const short = lines(abbreviation);
      expect(short.length, abbreviation).toBeGreaterThan(0);
      for (const long of longForms) expect(lines(long), `${long} finds what ${abbreviation} finds`).toEqual(short);
    }
    expect(lines("OGTT")).toContain("75g口服葡萄糖耐量试验(OGTT) 空腹5.1");
    expect(lines("CS")).toContain("剖宫产 2028年");
  });

  it("finds a partial long form's abbreviation: whole words in a row of a long form", () => {
    expect(lines("glucose tolerance")).toEqual(lines("OGTT"));
    expect(lines("Glucose toler")).toEqual(lines("OGTT"));
    expect(lines("cholestasis of pregnancy")).toEqual(lines("ICP"));
    expect(marked("growth restriction")).toEqual(
      expect.arrayContaining(["FGR", "IUGR", "intrauterine growth restriction", "胎儿生长受限"]),
    );
    // One word, or a small word beside it, is not a long form: no abbreviation comes along.
    expect(marked("glucose")).toEqual(["glucose"]);
    expect(marked("of pregnancy")).toEqual(["of pregnancy"]);
  });

  it("matches short abbreviations as whole words only", () => {
    expect(lines("PE")).not.toContain("Pelvic exam; peripheral oedema");
    expect(lines("NT")).not.toContain("NT-proBNP 120 pg/mL"); // a heart marker, not nuchal translucency
    expect(marked("PROM")).not.toContain("PPROM");
    expect(marked("CS")).toEqual(expect.arrayContaining(["CS", "LSCS", "剖宫产", "lower segment caesarean section"]));
  });
});
