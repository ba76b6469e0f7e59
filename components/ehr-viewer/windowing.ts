/**
 * Windowing math for variable-height rows. `offsets` is a prefix-sum array of length n + 1:
 * offsets[i] is the top of row i and offsets[n] the total height. Float64Array keeps 5,000+
 * rows compact and avoids per-element boxing.
 */

export interface Range {
  /** First rendered row (inclusive). */
  start: number;
  /** One past the last rendered row (exclusive). */
  end: number;
}

/** heights → offsets (length n + 1). */
export function prefixSums(heights: ArrayLike<number>): Float64Array {
  const offsets = new Float64Array(heights.length + 1);
  for (let i = 0; i < heights.length; i++) offsets[i + 1] = (offsets[i] as number) + (heights[i] as number);
  return offsets;
}

/** Total height of all rows. */
export function totalHeight(offsets: Float64Array): number {
  return offsets[offsets.length - 1] ?? 0;
}

/**
 * Row containing vertical position `y`: the largest i with offsets[i] ≤ y, clamped to
 * [0, n − 1]. Binary search: O(log n) per scroll event however long the history is.
 */
export function findStartIndex(offsets: Float64Array, y: number): number {
  const n = offsets.length - 1;
  if (n <= 0) return 0;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((offsets[mid] as number) <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Rows to render for a viewport: the rows intersecting [scrollTop, scrollTop + viewport)
 * plus `overscan` rows either side, so fast scrolling does not show blank space.
 * `maxRows` bounds the DOM even if a viewport is huge or estimates are far too small.
 */
export function visibleRange(offsets: Float64Array, scrollTop: number, viewport: number, overscan = 3, maxRows = 80): Range {
  const n = offsets.length - 1;
  if (n <= 0) return { start: 0, end: 0 };
  const top = Math.max(0, scrollTop);
  const first = findStartIndex(offsets, top);
  let last = first;
  const bottom = top + Math.max(0, viewport);
  while (last < n - 1 && (offsets[last + 1] as number) < bottom) last++;
  const start = Math.max(0, first - overscan);
  const end = Math.min(n, last + 1 + overscan, start + Math.max(1, maxRows));
  return { start, end };
}

/**
 * Sets one row's height and shifts every later offset by the difference (O(n − i)).
 * Returns the difference so callers can correct the scroll position.
 */
export function updateHeight(heights: Float64Array, offsets: Float64Array, index: number, height: number): number {
  if (index < 0 || index >= heights.length) return 0;
  const delta = height - (heights[index] as number);
  if (delta === 0) return 0;
  heights[index] = height;
  for (let i = index + 1; i < offsets.length; i++) offsets[i] = (offsets[i] as number) + delta;
  return delta;
}

/**
 * Applies a batch of measurements (ResizeObserver delivers many at once) with one O(n)
 * pass from the first changed row. Returns how much rows above `anchor` grew in total:
 * adding that to scrollTop keeps the row being read still while rows above it settle.
 */
export function updateHeights(
  heights: Float64Array,
  offsets: Float64Array,
  updates: Iterable<readonly [index: number, height: number]>,
  anchor: number,
): { changed: boolean; shiftAboveAnchor: number } {
  let min = Number.POSITIVE_INFINITY;
  let shiftAboveAnchor = 0;
  for (const [index, height] of updates) {
    if (index < 0 || index >= heights.length) continue;
    const delta = height - (heights[index] as number);
    if (Math.abs(delta) < 0.5) continue; // sub-pixel jitter would otherwise re-render forever
    heights[index] = height;
    if (index < anchor) shiftAboveAnchor += delta;
    if (index < min) min = index;
  }
  if (min === Number.POSITIVE_INFINITY) return { changed: false, shiftAboveAnchor: 0 };
  for (let i = min; i < heights.length; i++) offsets[i + 1] = (offsets[i] as number) + (heights[i] as number);
  return { changed: true, shiftAboveAnchor };
}

/**
 * scrollTop that shows row `index` at the top (below an `inset` such as a sticky header)
 * or centred, clamped to the scrollable range.
 */
export function scrollTopFor(offsets: Float64Array, index: number, viewport: number, align: "start" | "center" = "start", inset = 0): number {
  const n = offsets.length - 1;
  if (n <= 0) return 0;
  const i = Math.min(Math.max(index, 0), n - 1);
  const top = offsets[i] as number;
  const height = (offsets[i + 1] as number) - top;
  const raw = align === "center" && height < viewport - inset ? top - (viewport - inset - height) / 2 - inset : top - inset;
  const max = Math.max(0, totalHeight(offsets) - viewport);
  return Math.min(Math.max(0, raw), max);
}
