// Maps record paths (`patients[3].events[17].time`) in an already-parsed JSON
// text to physical line numbers. It runs once, after validation, and only if
// there are issues: one linear scan that tracks the current path only while it
// is a prefix of some requested path, so it stays cheap on a 100 MB bundle.

const WS = new Set([" ", "\t", "\r", "\n"]);
const SCALAR_END = new Set([",", "}", "]", " ", "\t", "\r", "\n"]);

interface Frame {
  isArray: boolean;
  key: string | null; // null: not a wanted prefix, children are irrelevant
  index: number;
  expectKey: boolean;
  currentKey: string;
}

/** All path prefixes of a field path, e.g. a[1].b → ["a", "a[1]", "a[1].b"]. */
function prefixes(field: string): string[] {
  const out: string[] = [];
  const re = /\.?([^.[\]]+)|\[(\d+)\]/g;
  let acc = "";
  for (let m = re.exec(field); m; m = re.exec(field)) {
    acc = m[2] !== undefined ? `${acc}[${m[2]}]` : acc === "" ? (m[1] as string) : `${acc}.${m[1]}`;
    out.push(acc);
  }
  return out;
}

/** Line of each field path (or of its deepest existing ancestor) in `text`. */
export function locateLines(text: string, fields: readonly string[]): Map<string, number> {
  const wanted = new Set<string>([""]);
  for (const f of fields) for (const p of prefixes(f)) wanted.add(p);
  const found = new Map<string, number>();
  const frames: Frame[] = [];
  let line = 1;
  let i = 0;
  const n = text.length;

  const skipString = (): string => {
    const start = i;
    i++; // opening quote
    let escaped = false;
    while (i < n) {
      const c = text[i++];
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === '"') break;
    }
    return text.slice(start, i);
  };

  while (i < n) {
    const c = text[i] as string;
    if (WS.has(c)) {
      if (c === "\n") line++;
      i++;
      continue;
    }
    const top = frames[frames.length - 1];
    if (c === ",") {
      if (top) {
        if (top.isArray) top.index++;
        else top.expectKey = true;
      }
      i++;
      continue;
    }
    if (c === ":") {
      i++;
      continue;
    }
    if (c === "}" || c === "]") {
      frames.pop();
      i++;
      continue;
    }
    if (top && !top.isArray && top.expectKey) {
      const raw = skipString();
      top.currentKey = raw.includes("\\") ? (JSON.parse(raw) as string) : raw.slice(1, -1);
      top.expectKey = false;
      continue;
    }
    // A value starts here.
    let key: string | null = "";
    if (top) {
      if (top.key === null) key = null;
      else if (top.isArray) key = `${top.key}[${top.index}]`;
      else key = top.key === "" ? top.currentKey : `${top.key}.${top.currentKey}`;
      if (key !== null && !wanted.has(key)) key = null;
    }
    if (key !== null && !found.has(key)) found.set(key, line);
    if (c === "{" || c === "[") {
      frames.push({ isArray: c === "[", key, index: 0, expectKey: c === "{", currentKey: "" });
      i++;
    } else if (c === '"') {
      skipString();
    } else {
      while (i < n && !SCALAR_END.has(text[i] as string)) i++;
    }
  }

  const result = new Map<string, number>();
  for (const f of fields) {
    let best = found.get("") ?? 1;
    for (const p of prefixes(f)) {
      const l = found.get(p);
      if (l === undefined) break;
      best = l;
    }
    result.set(f, best);
  }
  return result;
}

function lineAt(text: string, pos: number): number {
  let line = 1;
  for (let k = text.indexOf("\n"); k !== -1 && k < pos; k = text.indexOf("\n", k + 1)) line++;
  return line;
}

// V8 quotes up to 10 characters either side of an unexpected token instead of
// giving a position ("Unexpected token '}', ...\"ab\": \n}\" is not valid JSON").
const CONTEXT_CHARS = 10;
const TOKEN_CONTEXT_RE = /^Unexpected token '([\s\S])', (\.\.\.)?"([\s\S]*)"(?:\.\.\.)? is not valid JSON$/;

/** Line of a JSON.parse syntax error, from whichever form V8's message takes. */
export function syntaxErrorLine(text: string, message: string): number | undefined {
  const byLine = /\(line (\d+) column \d+\)/.exec(message);
  if (byLine) return Number(byLine[1]);
  const byPos = /at position (\d+)/.exec(message);
  if (byPos) return lineAt(text, Math.min(Number(byPos[1]), text.length));
  if (/end of JSON input/.test(message)) return lineAt(text, text.length);
  const ctx = TOKEN_CONTEXT_RE.exec(message);
  if (!ctx) return undefined;
  const [, token, leadingDots, context] = ctx as unknown as [string, string, string | undefined, string];
  const at = text.indexOf(context);
  if (at === -1) return undefined;
  const offset = leadingDots ? CONTEXT_CHARS : context.indexOf(token);
  return lineAt(text, at + Math.max(offset, 0));
}
