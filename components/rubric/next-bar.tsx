"use client";
// The rating bar's last line: how much is rated, what is happening (saving, then moving; keys
// kept for the next item), extra controls from the page, and "next item".
import { useTranslations } from "@/lib/i18n/client";
import type { MouseEvent, ReactNode } from "react";
import { Button, buttonVariants } from "../ui/button";
import { Card } from "../ui/card";

export interface NextBarProps {
  rated: number;
  total: number;
  /** "saving" while waiting for saves before leaving, "opening" once navigation started. */
  leaving: "saving" | "opening" | null;
  /** Keys typed since "next item", kept for the next item. */
  heldKeys: number;
  onStay(): void;
  /** A link to the next item (its click goes through onLinkClick), or else a button calling onNext. */
  nextHref?: string | null;
  onNext?: () => void;
  onLinkClick(e: MouseEvent<HTMLAnchorElement>): void;
  /** Page-specific controls (flag, undo …), placed before "next item". */
  controls?: ReactNode;
}

export function NextBar({ rated, total, leaving, heldKeys, onStay, onNext, nextHref, onLinkClick, controls }: NextBarProps) {
  const t = useTranslations("rubric.panel");
  const allRated = total > 0 && rated === total;
  const nextLabel = allRated ? t("nextItem") : t("skipToNext");
  return (
    <Card padding="none" raised className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1.5">
      <p className="text-sm text-slate-800">
        {allRated && <span aria-hidden="true">✓ </span>}
        {t.rich("rated", { rated, total, strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      {leaving && (
        <p className="flex items-center gap-2 text-sm text-slate-700 xl:order-last" role="status" data-testid="leaving">
          {leaving === "saving" ? t("movingNext") : t("opening")}
          {heldKeys > 0 && <span className="text-slate-600">{t("heldKeys", { count: heldKeys })}</span>}
          {leaving === "saving" && (
            <Button type="button" variant="ghost" size="sm" onClick={onStay}>
              {t("stayHere")}
            </Button>
          )}
        </p>
      )}
      {/* In the narrow case column of wide screens: the count and "next item" on one line, the
          page's controls on the next (two lines, not three: the pinned bar's height is scarce). */}
      <div className="ml-auto flex flex-wrap items-center gap-2 empty:hidden xl:order-last xl:ml-0 xl:basis-full">{controls}</div>
      <div className="flex items-center gap-2 xl:ml-auto">
        {nextHref ? (
          <a
            href={nextHref}
            onClick={onLinkClick}
            aria-keyshortcuts="n"
            className={buttonVariants({ variant: allRated ? "primary" : "ghost", size: "sm" })}
          >
            {nextLabel} <kbd className="font-mono text-xs opacity-80">(n)</kbd>
          </a>
        ) : (
          onNext && (
            <Button type="button" size="sm" variant={allRated ? "primary" : "ghost"} onClick={onNext} aria-keyshortcuts="n">
              {nextLabel} <kbd className="font-mono text-xs opacity-80">(n)</kbd>
            </Button>
          )
        )}
      </div>
    </Card>
  );
}
