import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { asciiChunks, asciiSource } from "./ascii-chunks.mjs";

const ascii = (s: string) => !/[\u0080-\uffff]/.test(s);
/** What a script's last expression evaluates to, as JSON. */
const run = (code: string) => JSON.stringify(vm.runInNewContext(code));

/** Rewritten, the program is ASCII and evaluates to what it did. */
function same(code: string) {
  const out = asciiSource(code);
  expect(out).not.toBeNull();
  expect(run(out!.text)).toBe(run(code));
  return out!;
}

describe("asciiSource", () => {
  it("writes strings, untagged templates and identity escapes as escapes of the same characters", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a program under test
    const out = same(String.raw`const a = "前次 … →", b = '\… \\… \\\…', c = ` + "`${a} — ${b}\\–`" + String.raw`; [a, b, c, "😀", "\😀"]`);
    expect(ascii(out.text)).toBe(true);
    expect(out.left).toBe(0);
  });

  it("keeps what regular expressions match, with and without the u and v flags", () => {
    const out = same(String.raw`const t = "×ı 😀 a…b ƦƧ";
      [/[×ıƦ-Ƨ]/g.exec(t)[0], t.match(/😀/u)[0], t.match(/[😀]/v)[0], /a\…b/.test(t), t.replace(/[Ʀ-Ƨ]+/g, "-"), /^.$/u.test("😀"), /^..$/.test("😀")]`);
    expect(ascii(out.text)).toBe(true);
  });

  it("writes identifiers as code points, and comments as escapes", () => {
    const out = same(
      "/* café → 前 */ const café = 1, 𝑥 = 2; class K { #ñ = 3; get() { return this.#ñ; } } // ✓\n[café + 𝑥, new K().get()]",
    );
    expect(ascii(out.text)).toBe(true);
    expect(out.text).toContain("caf\\u{e9}");
  });

  it("leaves tagged templates, whose raw text the tag reads", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a program under test
    const out = same("[String.raw`a … b`, ((s) => s.raw[0])`→\\n`, `c ${String.raw`—`} d …`]");
    expect(out.left).toBe(3);
    expect(out.text).toContain("a … b");
    expect(out.text).toContain("d \\u2026");
  });

  it("leaves a line separator that ends a comment or continues a string's line", () => {
    const out = same("// note\u2028var x = 1;\n['a\\\u2028b', x]");
    expect(out.left).toBe(2);
    expect(run(out.text)).toBe('["ab",1]');
  });

  it("answers ASCII unchanged and cannot read what does not parse", () => {
    expect(asciiSource("const a = 1;")).toEqual({ text: "const a = 1;", left: 0 });
    expect(asciiSource("const a = '…' +;")).toBeNull();
  });

  it("rewrites a program nested 2,000 deep, and leaves one deeper than the parser's stack", () => {
    const nested = (n: number) => `(${Array.from({ length: n }, (_, i) => `"${i % 2 ? "…" : "a"}"`).join(" + ")}).length`;
    expect(ascii(same(nested(2_000)).text)).toBe(true);
    expect(asciiSource(nested(20_000))).toBeNull();
  });

  it("reads modules as well as scripts", () => {
    const out = asciiSource('import x from "y"; export const a = "…";');
    expect(out?.text).toBe('import x from "y"; export const a = "\\u2026";');
  });
});

describe("asciiChunks", () => {
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("rewrites the .js files of a folder and its subfolders, and says which it left", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-ascii-"));
    fs.mkdirSync(path.join(dir, "chunks"));
    fs.writeFileSync(path.join(dir, "chunks", "a.js"), 'module.exports = ["前次…"];');
    fs.writeFileSync(path.join(dir, "b.js"), "module.exports = String.raw`…`;");
    fs.writeFileSync(path.join(dir, "c.js"), "module.exports = 1;");
    fs.writeFileSync(path.join(dir, "d.js"), "module.exports = '…' +;");
    fs.writeFileSync(path.join(dir, "e.json"), '{"a":"…"}');
    const result = asciiChunks(dir);
    expect(result).toMatchObject({ rewritten: 1, stillNonAscii: ["b.js"], notRewritten: ["d.js"] });
    expect(fs.readFileSync(path.join(dir, "chunks", "a.js"), "utf8")).toBe('module.exports = ["\\u524d\\u6b21\\u2026"];');
    expect(fs.readFileSync(path.join(dir, "e.json"), "utf8")).toBe('{"a":"…"}');
  });
});
