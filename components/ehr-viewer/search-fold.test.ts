import { describe, expect, it } from "vitest";
import { buildIndex, search } from "./search";
import { foldQuery, foldText, originalSpan } from "./search-fold";
import { needlesFor } from "./search-terms";

/** The original text of every hit, as the viewer highlights it. */
function marked(texts: string[], query: string): string[] {
  const index = buildIndex(texts.map((text, i) => ({ key: String(i), fields: [{ field: "text", text }] })));
  return search(index, query).hits.map((h) => (texts[Number(h.key)] as string).slice(h.start, h.end));
}

describe("foldText", () => {
  it("folds British spellings to American ones, both ways round", () => {
    for (const [gb, us] of [
      ["Haemoglobin", "hemoglobin"],
      ["oesophagus", "esophagus"],
      ["Anaemia", "anemia"],
      ["foetal", "fetal"],
      ["oedema", "edema"],
      ["leukaemia", "leukemia"],
      ["paediatric", "pediatric"],
      ["diarrhoea", "diarrhea"],
      ["dyspnoea", "dyspnea"],
      ["caesarean", "cesarean"],
      ["anaesthesia", "anesthesia"],
      ["coeliac", "celiac"],
    ]) {
      expect(foldText(gb as string).folded).toBe(us);
      expect(foldText(us as string).folded).toBe(us);
    }
  });

  it("leaves ae/oe alone where they are not the British digraph", () => {
    for (const word of ["does", "toe", "shoe", "michael", "poet", "goes"]) expect(foldText(word).folded).toBe(word);
  });

  it("ignores accents and compatibility forms, and maps back to the original span", () => {
    const f = foldText("Café ＡＬＴ Œdème");
    expect(f.folded.startsWith("cafe alt")).toBe(true);
    const text = "Naïve hæm? Haemoglobin 120";
    const g = foldText(text);
    const at = g.folded.indexOf("hemoglobin");
    const [s, e] = originalSpan(g, at, at + "hemoglobin".length);
    expect(text.slice(s, e)).toBe("Haemoglobin");
    const decomposed = "cafe\u0301 au lait"; // e + combining acute: the accent stays with its letter
    const d = foldText(decomposed);
    const [ds, de] = originalSpan(d, 0, 4);
    expect(decomposed.slice(ds, de)).toBe("cafe\u0301");
  });

  it("keeps offsets (no map) for plain and Chinese text", () => {
    expect(foldText("Blood pressure 120/80").starts).toBeNull();
    expect(foldText("血压 120/80 mmHg，孕32周").starts).toBeNull();
    expect(foldQuery("  HAEM ")).toBe("hem");
  });
});

describe("clinician's search", () => {
  const record = [
    "Hemoglobin 98 g/L",
    "Haemoglobin low; Hb recheck",
    "血红蛋白 105 g/L",
    "White blood cell count 12.1",
    "WBC raised",
    "ALT 88 U/L",
    "Alanine aminotransferase 90",
    "Good health, salt intake reduced",
    "Total bile acids 23 µmol/L",
    "TBA 40",
    "BP 150/95",
    "Blood pressure 148/92",
    "Oesophagus normal",
    "Anaemia of pregnancy",
    "Foetal movements good",
    "GBS: group B streptococcus swab positive",
    "皮肤瘙痒1周",
  ];

  it("finds either spelling and highlights the original words", () => {
    expect(marked(record, "haemoglob")).toEqual(["Hemoglob", "Haemoglob"]);
    expect(marked(record, "HEMOGLOB")).toEqual(["Hemoglob", "Haemoglob"]);
    // The whole name is also a table term: its abbreviation and Chinese name come along.
    expect(marked(record, "haemoglobin")).toEqual(["Hemoglobin", "Haemoglobin", "Hb", "血红蛋白"]);
    expect(marked(record, "esophagus")).toEqual(["Oesophagus"]);
    expect(marked(record, "anemia")).toEqual(["Anaemia"]);
    expect(marked(record, "fetal")).toEqual(["Foetal"]);
  });

  it("finds abbreviations and their names for each other, whole words only", () => {
    expect(marked(record, "Hb")).toEqual(["Hemoglobin", "Haemoglobin", "Hb", "血红蛋白"]);
    expect(marked(record, "white blood cells")).toEqual(["White blood cell", "WBC"]);
    expect(marked(record, "wbc")).toEqual(["White blood cell", "WBC"]);
    expect(marked(record, "ALT")).toEqual(["ALT", "Alanine aminotransferase"]); // not "health", "salt"
    expect(marked(record, "tba")).toEqual(["Total bile acid", "TBA"]);
    expect(marked(record, "bp")).toEqual(["BP", "Blood pressure"]);
  });

  it("counts overlapping matches of equivalent terms once", () => {
    // "group b streptococcus" and "group b strep" are both GBS: one hit on the same words.
    expect(marked(record, "gbs")).toEqual(["GBS", "group B streptococcus"]);
    expect(needlesFor("gbs").map((n) => n.text)).toEqual(["gbs", "group b streptococcus", "group b strep", "b族链球菌"]);
  });

  it("matches plain substrings as before, Chinese included", () => {
    expect(marked(record, "瘙痒")).toEqual(["瘙痒"]);
    expect(marked(record, "press")).toEqual(["press"]);
    expect(marked(record, "alt")).toHaveLength(2); // a table abbreviation as typed: whole words
    expect(marked(record, "sal")).toEqual(["sal"]);
  });
});
