import { describe, expect, test } from "vitest";
import { fastestMs } from "@/tests/support/linear-time";
import { MAX_RTF_DEPTH, rtfToText } from "./rtf";

const text = (rtf: string) => {
  const r = rtfToText(rtf);
  if (!r.ok) throw new Error(r.said.code);
  return r.text;
};

describe("RTF to text", () => {
  test("control words dropped, \\par a line break, \\'hh in the code page, \\uN with its fallback skipped", () => {
    const rtf =
      "{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Arial;}}{\\colortbl;\\red0\\green0\\blue0;}" +
      "\\viewkind4\\uc1\\pard\\f0\\fs20 Midwife handover\\par \\b Plan:\\b0  continue MgSO\\'34 at 1\\'a0g/h \\endash  caf\\'e9.\\par " +
      "Pt \\u21051?\\u-3913? ok \\{braces\\} \\\\ done.\\par}";
    expect(text(rtf)).toBe("Midwife handover\nPlan: continue MgSO4 at 1\u00a0g/h – café.\nPt 刻\uf0b7 ok {braces} \\ done.");
  });

  test("ignorable destinations and pictures are skipped whole", () => {
    expect(text("{\\rtf1{\\*\\generator Riched20;}{\\info{\\author X}}{\\pict\\pngblip 89504e47}Hello\\line world}")).toBe("Hello\nworld");
  });

  test("another code page, and \\uc0 (no fallback)", () => {
    expect(text("{\\rtf1\\ansi\\ansicpg1251 \\'cf\\'f0\\'e8\\uc0\\u1074 \\u1077 \\u1090 }")).toBe("Привет");
  });

  test("hostile input: deep nesting is refused; long runs of backslashes and braces stay linear", () => {
    expect(rtfToText("{".repeat(MAX_RTF_DEPTH + 1))).toEqual({
      ok: false,
      said: { code: "formats.rtfTooDeep", values: { max: String(MAX_RTF_DEPTH) } },
    });
    const big = `{\\rtf1 ${"\\".repeat(200_000)}${"\\u".repeat(100_000)}${"{}".repeat(50)}${"a\\'".repeat(100_000)}}`;
    const started = performance.now();
    expect(rtfToText(big).ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("RTF as other writers write it (issue #32)", () => {
  test("a Chinese note: \\'hh bytes in code page 936 (GBK), as WordPad on a Chinese Windows saves it", () => {
    const rtf =
      "{\\rtf1\\ansi\\ansicpg936\\deff0\\nouicompat{\\fonttbl{\\f0\\fnil\\fcharset134 \\'cb\\'ce\\'cc\\'e5;}}\r\n" +
      "{\\*\\generator Riched20 10.0.19041}\\viewkind4\\uc1 \\pard\\f0\\fs22\\lang2052 " +
      "\\'bb\\'bc\\'d5\\'df\\'d3\\'d0\\'b8\\'df\\'d1\\'aa\\'d1\\'b9\\'a3\\'ac\\'d4\\'d0 32 \\'d6\\'dc\\par\r\n}";
    expect(text(rtf)).toBe("患者有高血压，孕 32 周");
  });

  test("\\uN with \\ucN: fallbacks of 2 bytes skipped, \\uc0 none, \\uc scoped to its group", () => {
    const rtf = "{\\rtf1\\ansi\\ansicpg936\\uc2 \\u24739\\'bb\\'bc\\u-32763\\'d5\\'df{\\uc0 \\u26377}\\u39640\\'b8\\'df}";
    expect(text(rtf)).toBe("患者有高");
  });

  test("a nesting bomb (100 000 groups) is refused at once, located by the depth", () => {
    const bomb = `{\\rtf1 ${"{".repeat(100_000)}x${"}".repeat(100_000)}}`;
    const started = performance.now();
    expect(rtfToText(bomb)).toEqual({ ok: false, said: { code: "formats.rtfTooDeep", values: { max: String(MAX_RTF_DEPTH) } } });
    expect(performance.now() - started).toBeLessThan(200);
  });

  test("a 10 MB group (text, control words, \\'hh escapes, \\uN) finishes quickly", () => {
    const mb10 = 10 * 1024 * 1024;
    for (const unit of ["a", "\\b ", "\\'e9", "\\u233?"]) {
      const big = `{\\rtf1 {${unit.repeat(Math.floor(mb10 / unit.length))}}}`;
      expect(rtfToText(big).ok, unit).toBe(true);
      // ~0.9 s each on a quiet machine; the fastest of two runs, as the linear-time checks time it.
      expect(
        fastestMs(() => rtfToText(big), 2),
        unit,
      ).toBeLessThan(5000);
    }
  });
});
