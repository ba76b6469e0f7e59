"use client";

import { useRouter } from "next/navigation";
import { useState, type HTMLAttributes, type KeyboardEvent, type MouseEvent } from "react";

/** Clicks on these inside a row keep their own meaning instead of opening the row. */
const INTERACTIVE = "a, button, input, select, textarea, label, summary, [role='button'], [role='link']";

/**
 * Props that turn table rows into links (click, Enter) with a roving tabindex:
 * only one row is in the tab order and the arrow keys move between rows, so
 * keyboard users need not tab through a hundred rows to reach the pagination.
 */
export function useRowLinks(rowCount: number) {
  const router = useRouter();
  const [active, setActive] = useState(0);
  // Clamp rather than reset: after paging, focus order starts where it was or at the last row.
  const focusable = Math.min(active, Math.max(0, rowCount - 1));

  function open(href: string, newTab: boolean) {
    if (newTab) window.open(href, "_blank", "noopener");
    else router.push(href);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTableRowElement>, href: string) {
    if (e.target !== e.currentTarget) return; // keys on a link/button inside the row behave natively
    const row = e.currentTarget;
    const target: Element | null | undefined =
      e.key === "ArrowDown"
        ? row.nextElementSibling
        : e.key === "ArrowUp"
          ? row.previousElementSibling
          : e.key === "Home"
            ? row.parentElement?.firstElementChild
            : e.key === "End"
              ? row.parentElement?.lastElementChild
              : undefined;
    if (target !== undefined) {
      e.preventDefault(); // arrows move between rows, not scroll the box, even at the ends
      if (target instanceof HTMLElement) target.focus();
    } else if (e.key === "Enter") {
      e.preventDefault();
      open(href, e.metaKey || e.ctrlKey);
    }
  }

  function onClick(e: MouseEvent<HTMLTableRowElement>, href: string) {
    if ((e.target as Element).closest(INTERACTIVE)) return; // the cell's own link/button wins
    if (window.getSelection()?.toString()) return; // selecting text to copy is not a click
    open(href, e.metaKey || e.ctrlKey || e.button === 1);
  }

  return function rowProps(index: number, href: string | undefined): HTMLAttributes<HTMLTableRowElement> {
    if (!href) return {};
    return {
      tabIndex: index === focusable ? 0 : -1,
      onFocus: () => setActive(index),
      onKeyDown: (e) => onKeyDown(e, href),
      onClick: (e) => onClick(e, href),
      onAuxClick: (e) => {
        if (e.button === 1) onClick(e, href); // middle click: new tab, like a real link
      },
      onMouseEnter: () => router.prefetch(href),
    };
  };
}
