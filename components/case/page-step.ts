/** How far PgUp moves the case column back: what shows above the pinned bar, less a line of overlap. */
export const PAGE_OVERLAP = 40;
/** Room left above a block brought to the top, so it does not touch the column's edge. */
export const TOP_MARGIN = 8;

/**
 * Where PgDn / PgUp take the case column (its new scrollTop). `blocks` are the case's readable
 * blocks (options, paragraphs, list entries) as [top, bottom] in the column's content coordinates.
 * PgDn pages by the height shown above the pinned bar, but never past the start of a block that
 * the bar cuts: that block comes to the top whole, so an option is never read in two halves.
 * PgUp is its mirror: a block cut by the column's top edge goes down to just above the bar whole.
 */
export function casePageStep(p: {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
  /** The rating bar pinned over the column's bottom (0 without one). */
  pinnedHeight: number;
  direction: 1 | -1;
  blocks?: readonly (readonly [number, number])[];
}): number {
  const visible = Math.max(p.clientHeight - p.pinnedHeight, 0);
  const step = Math.max(visible - PAGE_OVERLAP, Math.min(visible, PAGE_OVERLAP));
  const max = Math.max(p.scrollHeight - p.clientHeight, 0);
  let target = p.scrollTop + p.direction * step;
  if (p.direction === 1) {
    const edge = p.scrollTop + visible;
    for (const [top, bottom] of p.blocks ?? []) {
      if (top < edge && bottom > edge && top - TOP_MARGIN > p.scrollTop) target = Math.min(target, top - TOP_MARGIN);
    }
  } else {
    const edge = p.scrollTop;
    for (const [top, bottom] of p.blocks ?? []) {
      const whole = bottom + TOP_MARGIN - visible;
      if (top < edge && bottom > edge && whole < p.scrollTop) target = Math.max(target, whole);
    }
  }
  return Math.min(Math.max(target, 0), max);
}
