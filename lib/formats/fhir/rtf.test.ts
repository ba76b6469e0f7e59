import { describe, expect, test } from "vitest";
import { MAX_RTF_DEPTH, rtfToText } from "./rtf";

const text = (rtf: string) => {
  const r = rtfToText(rtf);
  if (!r.ok) throw new Error(r.message);
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
    expect(rtfToText("{".repeat(MAX_RTF_DEPTH + 1))).toEqual({ ok: false, message: `RTF nested deeper than ${MAX_RTF_DEPTH} groups` });
    const big = `{\\rtf1 ${"\\".repeat(200_000)}${"\\u".repeat(100_000)}${"{}".repeat(50)}${"a\\'".repeat(100_000)}}`;
    const started = performance.now();
    expect(rtfToText(big).ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
