import { type RefObject, useEffect } from "react";

/**
 * Publishes the pinned bar's height to its scroll container as --pinned-height, which the case
 * column uses as its bottom scroll padding (components/case/layout.ts): focus and "show" scrolls
 * then stop above the bar instead of under it.
 */
export function usePinnedHeight(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = bar.current;
    const parent = el?.parentElement;
    if (!el || !parent) return;
    const publish = () => parent.style.setProperty("--pinned-height", `${el.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      parent.style.removeProperty("--pinned-height");
    };
  }, [bar]);
}

/** Scrolls `box` (only it, never the page) just enough to show `el`, which lies inside it. */
export function revealWithin(box: HTMLElement, el: HTMLElement) {
  const b = box.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (r.top < b.top) box.scrollTop += r.top - b.top;
  else if (r.bottom > b.bottom) box.scrollTop += Math.min(r.bottom - b.bottom, r.top - b.top);
}
