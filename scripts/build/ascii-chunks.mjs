// The server's chunks rewritten in ASCII after `next build` (next.config.js runs this after the
// production compile). Node reads a module's source into a V8 string, which V8 stores at one byte
// a character only when every character fits in Latin-1: one "…", "→" or Chinese message in a
// chunk makes the whole chunk two bytes a character. Turbopack's minifier writes such characters
// as they are (it has no ASCII-only setting), and 19.5 of the server's 22.7 MB of chunks held one;
// the web process keeps the source of every chunk it loaded. Written as \u escapes, the same
// program is one byte a character: the web process's heap was 12–16 MB smaller on a full review
// (bench/README.md, 2026-12-07).
//
// Only where an escape means the same character: string and regular-expression literals, the
// text of untagged template literals (a tag can read the raw text, so tagged ones are left),
// identifiers (as \u{…} code points) and comments (but not their line separators, which end a
// line comment). The result is parsed again and must hold the same strings, template texts and
// names; a chunk that does not, or that does not parse, is left as it was. The server's source
// maps are not rewritten: on a line that holds an escape, their columns after it are off.
// Plain JavaScript, because next.config.js imports it before any TypeScript loader exists.
import fs from "node:fs";
import path from "node:path";
import { parse } from "acorn";

const PARSE = { ecmaVersion: "latest", allowHashBang: true, allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true };

/** The program of `src`, with its comments' ranges, or null when acorn cannot read it (as a script or a module). */
function read(src) {
  for (const sourceType of ["script", "module"]) {
    const comments = [];
    try {
      return { ast: parse(src, { ...PARSE, sourceType, onComment: (_block, _text, start, end) => comments.push([start, end]) }), comments };
    } catch {
      // the other source type, then give up
    }
  }
  return null;
}

/**
 * Calls `visit` on every node of `ast`, each before its children and in the order of the source
 * (a stack, not recursion: minified code nests deep, "a" + "b" + … one level per term).
 */
function walk(ast, visit) {
  const stack = [ast];
  while (stack.length) {
    const node = stack.pop();
    visit(node);
    const children = [];
    for (const key in node) {
      const value = node[key];
      if (Array.isArray(value)) {
        for (const v of value) if (v && typeof v.type === "string") children.push(v);
      } else if (value && typeof value.type === "string") children.push(value);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
}

/** The texts of the tagged templates of `ast` (their raw text is the tag's to read). */
function taggedTexts(ast) {
  const tagged = new Set();
  walk(ast, (n) => {
    if (n.type === "TaggedTemplateExpression") for (const q of n.quasi.quasis) tagged.add(q);
  });
  return tagged;
}

/**
 * What the program means, as far as an escape could change it: its strings, its template texts
 * (and a tagged one's raw text), its names, its regular expressions' flags.
 */
function meaning(ast) {
  const tagged = taggedTexts(ast);
  const out = [];
  walk(ast, (n) => {
    if (n.type === "Literal" && typeof n.value === "string") out.push(`s${n.value}`);
    else if (n.type === "TemplateElement") out.push(`t${n.value.cooked}${tagged.has(n) ? `\u0000${n.value.raw}` : ""}`);
    else if (n.type === "Identifier" || n.type === "PrivateIdentifier") out.push(`i${n.name}`);
    else if (n.type === "Literal" && n.regex) out.push(`r${n.regex.flags}`);
  });
  return out;
}

const hex = (n) => n.toString(16).padStart(4, "0");

/**
 * `src` with its non-ASCII characters written as escapes where an escape means the same (see the
 * file's comment); `left` counts the non-ASCII characters it kept. Null: acorn cannot read `src`,
 * or the rewritten program would not hold the same strings, template texts and names.
 */
export function asciiSource(src) {
  if (!/[\u0080-\uffff]/.test(src)) return { text: src, left: 0 };
  const program = read(src);
  if (!program) return null;
  // How each range may be escaped: "unit" (each UTF-16 unit as \uXXXX), "point" (identifiers:
  // each code point as \u{…}), "comment" (as unit, line separators kept). Everything else is kept.
  const ranges = program.comments.map(([start, end]) => ({ start, end, how: "comment" }));
  const tagged = taggedTexts(program.ast);
  walk(program.ast, (n) => {
    if (n.type === "Literal" && (typeof n.value === "string" || n.regex)) ranges.push({ start: n.start, end: n.end, how: "unit" });
    else if (n.type === "TemplateElement" && !tagged.has(n)) ranges.push({ start: n.start, end: n.end, how: "unit" });
    else if (n.type === "Identifier" || n.type === "PrivateIdentifier") ranges.push({ start: n.start, end: n.end, how: "point" });
  });
  ranges.sort((a, b) => a.start - b.start);
  let text = "";
  let from = 0;
  let left = 0;
  let r = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c < 0x80) continue;
    while (r < ranges.length && ranges[r].end <= i) r++;
    const range = ranges[r] && ranges[r].start <= i ? ranges[r] : undefined;
    if (!range || (range.how === "comment" && (c === 0x2028 || c === 0x2029))) {
      left++;
      continue;
    }
    if (range.how === "point") {
      const point = src.codePointAt(i);
      text += `${src.slice(from, i)}\\u{${point.toString(16)}}`;
      if (point > 0xffff) i++;
      from = i + 1;
      continue;
    }
    // After an odd run of backslashes the character was an identity escape ("\…" is "…"): the
    // escape replaces both, or the backslash would escape the escape's own.
    let slashes = 0;
    while (i - slashes - 1 >= from && src.charCodeAt(i - slashes - 1) === 92) slashes++;
    // A backslash before a line separator continues the line: it stands for nothing, not for the separator.
    if (slashes % 2 === 1 && (c === 0x2028 || c === 0x2029) && range.how === "unit") {
      left++;
      continue;
    }
    const until = range.how === "comment" || slashes % 2 === 0 ? i : i - 1;
    text += `${src.slice(from, until)}\\u${hex(c)}`;
    from = i + 1;
  }
  text += src.slice(from);
  const again = read(text);
  if (!again || meaning(again.ast).join("\u0001") !== meaning(program.ast).join("\u0001")) return null;
  return { text, left };
}

/**
 * Rewrites every file ending in `extension` under `dir` (the build's server folder: .js; the
 * threads' bundles: .mjs) with asciiSource. Returns what
 * it did: files rewritten, files that still hold non-ASCII characters (in tagged
 * templates), and files not rewritten (acorn could not read them, or escapes would change them).
 */
export function asciiChunks(dir, extension = ".js") {
  const result = { rewritten: 0, stillNonAscii: [], notRewritten: [] };
  const visit = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith(extension)) {
        const src = fs.readFileSync(file, "utf8");
        let out = null;
        try {
          out = asciiSource(src);
        } catch {
          // left as written, like a chunk acorn cannot read: the build goes on
        }
        if (!out) result.notRewritten.push(path.relative(dir, file));
        else if (out.text !== src) {
          fs.writeFileSync(file, out.text);
          result.rewritten++;
        }
        if (out?.left) result.stillNonAscii.push(path.relative(dir, file));
      }
    }
  };
  visit(dir);
  return result;
}
