/**
 * Windowing of the record list on TanStack Virtual: only rows near the viewport are in the
 * DOM. Rows are measured as they render (measureElement, one ResizeObserver), estimates
 * (row-height.ts) stand in for the rest; the library keeps the row being read still while
 * rows above it are measured, and re-targets a jump until the rows around it have settled.
 * What it does not do for us, done here:
 * - the pinned day header: which day is at the top, and how far the next day's header has
 *   pushed it up, on every scroll event (the library notifies only when the window changes);
 * - holding the row being read when the rows change (a type filter): the library keeps the
 *   pixel offset, which would land on another row.
 * Estimates use the pane's width at mount. After a resize the rows in view are re-measured
 * (and those above them compensated); estimates of rows never shown are not redone, because
 * re-estimating would move the text under the reader for no gain in accuracy worth it.
 * Mounted in the browser (the next case after `n`, not a hydration), the list starts from the
 * pane's last width and at the row it opens at (`openRow`), so its first commit already holds
 * the rows that will be shown: no second estimate of every row for the real width, no rows
 * mounted at the top only to be replaced by the jump's.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useClientMount } from "../ui/use-client-mount";
import { flushSync } from "react-dom";
import { rowAtOrAfter, type Row } from "./group";
import { estimateRowHeight, HEADER_HEIGHT } from "./row-height";

/** Viewport assumed before the first measurement (and on the server). */
const INITIAL_RECT = { width: 800, height: 720 };
const OVERSCAN = 4;

/** Called with the top row and the scroll position whenever either may have changed. */
export type ScrollFrame = (topRow: number, scrollTop: number) => void;

interface Anchor {
  key: string;
  order: number;
  /** How far into the row the viewport's top is. */
  delta: number;
}

/** The record pane's size when it was last measured: the next case's pane is the same one. */
let lastPane: { width: number; height: number } | null = null;

/**
 * `openRow`: the row the reader starts at, aligned below the pinned header as scrollToRow(…,
 * "start") puts it (the caller still jumps there once mounted, which settles the estimate); -1 or
 * a hydration: the top, as the server rendered it.
 */
export function useRecordList(rows: readonly Row[], onFrame: ScrollFrame, openRow = -1) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const clientMount = useClientMount();
  const [width, setWidth] = useState(() => (clientMount && lastPane?.width) || INITIAL_RECT.width);
  // New functions when the rows change (the library re-lays out when getItemKey changes, not
  // estimateSize); measured sizes are kept by key, so they survive a filter. Each row is estimated
  // once per width: the opening offset and the library read the same numbers.
  const sizing = useMemo(() => {
    const estimates = new Float64Array(rows.length).fill(-1);
    const estimateSize = (i: number) => {
      const known = estimates[i] ?? HEADER_HEIGHT;
      if (known >= 0) return known;
      const row = rows[i];
      return (estimates[i] = row ? estimateRowHeight(row, width) : HEADER_HEIGHT);
    };
    return { getItemKey: (i: number) => rows[i]?.key ?? i, estimateSize };
  }, [rows, width]);
  // Read once, at the first render (the library keeps its own offset from then on).
  const initialOffset = () => {
    if (!clientMount || openRow <= 0 || openRow >= rows.length) return 0;
    let start = 0;
    let total = 0;
    for (let i = 0; i < rows.length; i++) {
      if (i === openRow) start = total;
      total += sizing.estimateSize(i);
    }
    const height = lastPane?.height ?? INITIAL_RECT.height;
    return Math.max(0, Math.min(start - HEADER_HEIGHT, total - height));
  };
  const v = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    ...sizing,
    initialOffset,
    overscan: OVERSCAN,
    initialRect: clientMount && lastPane ? lastPane : INITIAL_RECT,
    // The pinned day header covers the top of the viewport: "start" puts a row just below it.
    scrollPaddingStart: HEADER_HEIGHT,
  });

  const anchorRef = useRef<Anchor | null>(null);
  const frameRef = useRef(onFrame);
  const rowsRef = useRef(rows);
  // First of the layout effects, so the ones below see this render's rows and callback.
  useLayoutEffect(() => {
    frameRef.current = onFrame;
    rowsRef.current = rows;
  });

  /** Reads the top row; cheap (binary search), so it runs on every scroll event. */
  const frame = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const top = el.scrollTop;
    const item = v.getVirtualItemForOffset(top);
    const row = item ? rowsRef.current[item.index] : undefined;
    anchorRef.current = item && row ? { key: row.key, order: row.order, delta: top - item.start } : null;
    frameRef.current(item?.index ?? 0, top);
  }, [v]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    // Synchronously, like the library's own re-render on scroll: the pinned header and the date
    // list change in the same frame as the rows, never one frame late.
    const onScroll = () => flushSync(frame);
    el.addEventListener("scroll", onScroll, { passive: true });
    // The estimates' width, read before the first paint.
    if (el.clientWidth > 0) {
      setWidth(el.clientWidth);
      lastPane = { width: el.clientWidth, height: el.clientHeight };
    }
    return () => el.removeEventListener("scroll", onScroll);
  }, [frame]);

  // New rows: the row being read stays where it was (by key, else the nearest later row). The
  // scroll event this write causes comes before the next paint and renders the new window.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const anchor = anchorRef.current;
    if (!el || !anchor || rows.length === 0) return;
    const index = rowAtOrAfter(rows, anchor.order);
    const start = v.measurementsCache[index]?.start ?? 0;
    const target = start + (rows[index]?.key === anchor.key ? anchor.delta : 0);
    if (Math.abs(el.scrollTop - target) > 0.5) v.scrollToOffset(target);
  }, [rows, v]);

  // Every render may have moved rows (measurements, new rows): the pinned header follows.
  useLayoutEffect(frame);

  /**
   * Jumps (instantly: smooth scrolling across thousands of rows would render them all).
   * "center" falls back to "start" for a row too tall to centre below the pinned header.
   */
  const scrollToRow = useCallback(
    (index: number, align: "start" | "center" = "start") => {
      if (index < 0 || index >= rowsRef.current.length) return;
      const size = v.measurementsCache[index]?.size ?? 0;
      const room = (v.scrollRect?.height ?? INITIAL_RECT.height) - HEADER_HEIGHT - 16;
      v.scrollToIndex(index, { align: align === "center" && size < room ? "center" : "start" });
    },
    [v],
  );

  /**
   * Home / End in the pane. The browser's own animates across rows it has never measured, and
   * the library's first-measurement correction (a scrollTop write) stops that animation part
   * way (seen: Home from the cutoff day stopped 4,700 px short of the top). A jump re-targets.
   */
  const scrollToEdge = useCallback(
    (edge: "start" | "end") => {
      const n = rowsRef.current.length;
      if (n > 0) v.scrollToIndex(edge === "start" ? 0 : n - 1, { align: edge });
    },
    [v],
  );

  return { v, scrollRef, scrollToRow, scrollToEdge };
}
