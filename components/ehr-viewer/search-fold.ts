/**
 * Text folding for a clinician's search: case, accents and compatibility forms (full-width
 * letters, ligatures) are ignored, and British spellings fold to American ones
 * (haemoglobin → hemoglobin, oesophagus → esophagus, foetal → fetal), so either spelling finds
 * both. Folding can change the length, so it keeps where each folded character came from:
 * a match in the folded text highlights exactly its span of the original.
 */

export interface FoldedText {
  folded: string;
  /** Original offset where folded character i starts / ends; null when folding kept offsets (most text). */
  starts: Int32Array | null;
  ends: Int32Array | null;
}

/**
 * British digraphs whose first letter is dropped, each in the contexts where it is the digraph
 * (not in "does", "toe", "Michael"): a small table, since a blanket ae/oe → e would make "toe"
 * find "text". Applied to both the record and the query, so partial typing behaves the same.
 */
const SPELLING_RULES: readonly RegExp[] = [
  /a(?=em)/g, // haem-, anaemia, leukaemia, ischaemia, -aemia
  /(?<=p)a(?=ed)/g, // paediatric, orthopaedic
  /a(?=esth)/g, // anaesthesia, anaesthetic
  /(?<=c)a(?=esar)/g, // caesarean
  /(?<=gyn)a(?=ec)/g, // gynaecology
  /(?<![a-z])a(?=eti)/g, // aetiology
  /(?<![a-z])o(?=e[ds])/g, // oedema, oesophagus, oestrogen
  /(?<=f)o(?=et)/g, // foetal, foetus
  /(?<=c)o(?=el)/g, // coeliac
  /(?<=h)o(?=ea)/g, // diarrhoea, amenorrhoea
  /(?<=pn)o(?=e)/g, // dyspnoea, apnoea
  /(?<=man)o(?=euv)/g, // manoeuvre
];

const MARKS = /\p{M}/gu;
const HAS_MARK = /\p{M}/u;
const DIGRAPH = /[ao]e/;

/**
 * Whole-string fast path (most record text: ASCII, Chinese, full-width punctuation): when
 * decomposition and lower-casing keep every character one code unit, offsets are unchanged.
 */
function foldSameLength(text: string): string | null {
  const d = text.normalize("NFKD");
  if (d.length !== text.length || HAS_MARK.test(d)) return null;
  const lower = d.toLowerCase();
  return lower.length === text.length ? lower : null;
}

/** Case-, accent- and spelling-folded text with its offset map. */
export function foldText(text: string): FoldedText {
  const same = foldSameLength(text);
  if (same !== null && !DIGRAPH.test(same)) return { folded: same, starts: null, ends: null };
  return same !== null ? dropDigraphs(same, null, null) : foldByCharacter(text);
}

/** Per character: compatibility-decompose, drop combining marks, lower-case (accented text). */
function foldByCharacter(text: string): FoldedText {
  let base = "";
  const bStarts: number[] = [];
  const bEnds: number[] = [];
  let i = 0;
  for (const ch of text) {
    const out = ch.normalize("NFKD").replace(MARKS, "").toLowerCase();
    if (out.length === 0 && bEnds.length > 0) bEnds[bEnds.length - 1] = i + ch.length; // a lone accent joins its letter
    for (let k = 0; k < out.length; k++) {
      bStarts.push(i);
      bEnds.push(i + ch.length);
    }
    base += out;
    i += ch.length;
  }
  return dropDigraphs(base, bStarts, bEnds);
}

/** British → American: marks the letters to drop, then copies the rest with their offsets (null: identity so far). */
function dropDigraphs(base: string, bStarts: number[] | null, bEnds: number[] | null): FoldedText {
  const drop = new Uint8Array(base.length);
  let any = false;
  for (const rule of SPELLING_RULES) {
    for (const m of base.matchAll(rule)) {
      drop[m.index] = 1;
      any = true;
    }
  }
  if (!any)
    return bStarts && bEnds
      ? { folded: base, starts: Int32Array.from(bStarts), ends: Int32Array.from(bEnds) }
      : { folded: base, starts: null, ends: null };
  let folded = "";
  const starts: number[] = [];
  const ends: number[] = [];
  // A dropped letter belongs to the one after it ("Oe" → "e"): a hit on that letter marks both.
  let from: number | null = null;
  for (let k = 0; k < base.length; k++) {
    if (drop[k]) {
      from ??= bStarts ? (bStarts[k] as number) : k;
      continue;
    }
    folded += base[k];
    starts.push(from ?? (bStarts ? (bStarts[k] as number) : k));
    from = null;
    ends.push(bEnds ? (bEnds[k] as number) : k + 1);
  }
  return { folded, starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}

/** The query folded the same way (offsets are not needed). */
export function foldQuery(query: string): string {
  return foldText(query.trim()).folded;
}

/** [start, end) in the folded text → the same span in the original text. */
export function originalSpan(f: FoldedText, start: number, end: number): [number, number] {
  if (!f.starts || !f.ends) return [start, end];
  return [f.starts[start] ?? 0, f.ends[end - 1] ?? 0];
}
