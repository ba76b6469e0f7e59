// A backup made before ClinAudit refused NUL characters and lone surrogates in free text
// (lib/schemas/text.ts) may hold them: SQLite stored them, PostgreSQL refuses them (22021), so
// such a backup failed to restore there. A restore replaces each with U+FFFD and counts the fields.
import { toStorableText } from "../schemas/text";

/** The JSON escapes that can decode to a NUL or a surrogate: lines without one are left alone. */
const SUSPECT = /\\u(?:0000|[dD][89a-fA-F])/;

/** `value` (parsed from `line`) with every string made storable, and how many strings changed. */
export function storableRecord(line: string, value: unknown): { value: unknown; cleaned: number } {
  if (!SUSPECT.test(line)) return { value, cleaned: 0 };
  let cleaned = 0;
  const clean = (s: string) => {
    const out = toStorableText(s);
    if (out !== s) cleaned++;
    return out;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return clean(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [clean(k), walk(x)]));
    return v;
  };
  return { value: walk(value), cleaned };
}
