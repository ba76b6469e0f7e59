/**
 * Windowing for the record list: only rows near the viewport are in the DOM. Rows are laid
 * out in normal flow inside a block translated to the first rendered row's offset, so a
 * row's real height never needs absolute positioning. One ResizeObserver measures every
 * rendered row; measurements replace estimates and, when rows above the one being read
 * change height, scrollTop is corrected in the same frame so the text does not jump.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { rowAtOrAfter, type Row } from "./group";
import { findStartIndex, prefixSums, scrollTopFor, totalHeight, updateHeights, visibleRange, type Range } from "./windowing";

/** Viewport assumed before the first measurement (and on the server). */
export const DEFAULT_VIEWPORT = { width: 800, height: 720 };
const OVERSCAN = 4;
/** How long a programmatic jump keeps re-targeting its row while measurements settle. */
const SETTLE_MS = 600;

interface Layout {
  heights: Float64Array;
  offsets: Float64Array;
  indexOfKey: Map<string, number>;
}
interface Anchor {
  key: string;
  order: number;
  delta: number;
}
interface Pending {
  index: number;
  align: "start" | "center";
  inset: number;
  until: number;
}

export type ScrollFrame = (scrollTop: number, offsets: Float64Array, topRow: number) => void;

export function useVirtualRows(rows: readonly Row[], estimate: (row: Row, width: number) => number, onScrollFrame?: ScrollFrame) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const spacerRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState(DEFAULT_VIEWPORT);
  const viewportRef = useRef(viewport);
  // Measured heights by row key (stable across filter changes), tagged with the width they were taken at.
  const measured = useRef(new Map<string, { h: number; w: number }>());
  const [, setVersion] = useState(0);

  const layout = useMemo<Layout>(() => {
    const heights = new Float64Array(rows.length);
    const indexOfKey = new Map<string, number>();
    rows.forEach((row, i) => {
      const m = measured.current.get(row.key);
      heights[i] = m && Math.abs(m.w - viewport.width) < 1 ? m.h : estimate(row, viewport.width);
      indexOfKey.set(row.key, i);
    });
    return { heights, offsets: prefixSums(heights), indexOfKey };
  }, [rows, estimate, viewport.width]);

  const [range, setRange] = useState<Range>(() => visibleRange(layout.offsets, 0, viewport.height, OVERSCAN));
  const layoutRef = useRef(layout);
  const rowsRef = useRef(rows);
  const anchorRef = useRef<Anchor | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  const frameRef = useRef(onScrollFrame);
  useLayoutEffect(() => {
    frameRef.current = onScrollFrame;
  });

  /** Recomputes the window from the current scroll position; cheap (binary search). */
  const sync = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const { offsets } = layoutRef.current;
    const top = el.scrollTop;
    const next = visibleRange(offsets, top, viewportRef.current.height, OVERSCAN);
    setRange((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    const topRow = findStartIndex(offsets, top);
    const row = rowsRef.current[topRow];
    anchorRef.current = row ? { key: row.key, order: row.order, delta: top - (offsets[topRow] ?? 0) } : null;
    frameRef.current?.(top, offsets, topRow);
  }, []);

  // New rows or width: keep the row being read at the same place (by key, else the nearest later row).
  useLayoutEffect(() => {
    layoutRef.current = layout;
    rowsRef.current = rows;
    const el = scrollRef.current;
    const anchor = anchorRef.current;
    if (el && anchor) {
      const same = layout.indexOfKey.get(anchor.key);
      const index = same ?? rowAtOrAfter(rows, anchor.order);
      const target = (layout.offsets[index] ?? 0) + (same !== undefined ? anchor.delta : 0);
      if (Math.abs(el.scrollTop - target) > 0.5) el.scrollTop = target;
    }
    sync();
  }, [layout, rows, sync]);

  // Viewport size: first read synchronously (no flash of the default window), then observed.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const read = () => {
      const next = { width: Math.round(el.clientWidth), height: Math.round(el.clientHeight) };
      const prev = viewportRef.current;
      if (next.width === prev.width && next.height === prev.height) return;
      viewportRef.current = next;
      setViewport(next);
      sync();
    };
    read();
    // Scroll events arrive just before the browser paints the new position; rendering the new
    // window synchronously here (only newly entering rows render) means no blank frame on fast scrolls.
    const onScroll = () => flushSync(sync);
    // A user gesture ends any programmatic re-targeting so we never fight the reader.
    const release = () => {
      pendingRef.current = null;
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    el.addEventListener("wheel", release, { passive: true });
    el.addEventListener("touchstart", release, { passive: true });
    el.addEventListener("pointerdown", release, { passive: true });
    el.addEventListener("keydown", release);
    const ro = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(read);
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      el.removeEventListener("scroll", onScroll);
      el.removeEventListener("wheel", release);
      el.removeEventListener("touchstart", release);
      el.removeEventListener("pointerdown", release);
      el.removeEventListener("keydown", release);
    };
  }, [sync]);

  const onRowsResized = useCallback(
    (entries: ResizeObserverEntry[]) => {
      const el = scrollRef.current;
      if (!el) return;
      const L = layoutRef.current;
      const width = viewportRef.current.width;
      const top = el.scrollTop;
      const updates: [number, number][] = [];
      for (const entry of entries) {
        const target = entry.target as HTMLElement;
        const key = target.dataset.key;
        if (!key || !target.isConnected) continue;
        const h = entry.borderBoxSize?.[0]?.blockSize ?? target.getBoundingClientRect().height;
        measured.current.set(key, { h, w: width });
        const index = L.indexOfKey.get(key);
        if (index !== undefined) updates.push([index, h]);
      }
      const { changed, shiftAboveAnchor } = updateHeights(L.heights, L.offsets, updates, findStartIndex(L.offsets, top));
      if (!changed) return;
      if (spacerRef.current) spacerRef.current.style.height = `${totalHeight(L.offsets)}px`;
      const pending = pendingRef.current;
      if (pending && performance.now() < pending.until) {
        el.scrollTop = scrollTopFor(L.offsets, pending.index, viewportRef.current.height, pending.align, pending.inset);
      } else if (shiftAboveAnchor !== 0) {
        el.scrollTop = top + shiftAboveAnchor;
      }
      setVersion((v) => v + 1);
      sync();
    },
    [sync],
  );

  const observerRef = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observerRef.current?.disconnect(), []);

  /** Ref callback for each rendered row wrapper (must carry data-key). */
  const measureRow = useCallback(
    (el: HTMLElement | null) => {
      if (!el || typeof ResizeObserver === "undefined") return;
      const ro = (observerRef.current ??= new ResizeObserver((entries) => onRowsResized(entries)));
      ro.observe(el);
      return () => ro.unobserve(el);
    },
    [onRowsResized],
  );

  /** Jumps (instantly: smooth scrolling across thousands of rows would render them all). */
  const scrollToIndex = useCallback(
    (index: number, align: "start" | "center" = "start", inset = 0) => {
      const el = scrollRef.current;
      if (!el || index < 0) return;
      pendingRef.current = { index, align, inset, until: performance.now() + SETTLE_MS };
      el.scrollTop = scrollTopFor(layoutRef.current.offsets, index, viewportRef.current.height, align, inset);
      sync();
    },
    [sync],
  );

  const cancelPending = useCallback(() => {
    pendingRef.current = null;
  }, []);

  const start = Math.min(range.start, rows.length);
  const end = Math.min(range.end, rows.length);
  return {
    scrollRef,
    spacerRef,
    measureRow,
    start,
    end,
    offsets: layout.offsets,
    total: totalHeight(layout.offsets),
    viewport,
    scrollToIndex,
    cancelPending,
  };
}
