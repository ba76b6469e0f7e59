"use client";
// The notices above the rubric in the rating bar: restored changes, failing saves, and what
// happened to keys typed while moving to the next item (see key-hold.ts).
import { useTranslations } from "next-intl";
import { Button } from "../ui/button";
import type { RestoreNotice } from "./use-review-saver";

export function RestoreBanner({ notice, onDismiss }: { notice: RestoreNotice; onDismiss(): void }) {
  const t = useTranslations("rubric.restore");
  const parts = [
    notice.resent > 0 && t("resent", { count: notice.resent }),
    notice.stale > 0 && t("stale", { count: notice.stale }),
    notice.locked > 0 && t("locked", { count: notice.locked }),
  ].filter(Boolean);
  return (
    <div className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-slate-300 bg-white p-2 text-sm text-slate-800">
      <p>
        <span aria-hidden="true">ℹ </span>
        {parts.join(" ")}
      </p>
      <Button type="button" variant="ghost" size="sm" onClick={onDismiss}>
        {t("dismiss")}
      </Button>
    </div>
  );
}

export function FailingBanner({ count, onRetryAll }: { count: number; onRetryAll(): void }) {
  const t = useTranslations("rubric.panel");
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
      <p>
        <span aria-hidden="true">⚠ </span>
        {t("failing", { count })}
      </p>
      <Button type="button" variant="secondary" size="sm" onClick={onRetryAll}>
        {t("retryAll")}
      </Button>
    </div>
  );
}

/** Keys typed while leaving that were not applied (the rater stayed, or the next item never came). */
export function DroppedKeysNotice({ count, onDismiss }: { count: number; onDismiss(): void }) {
  const t = useTranslations("rubric.panel");
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white p-2 text-sm text-slate-800"
    >
      <p>
        <span aria-hidden="true">ℹ </span>
        {t("droppedKeys", { count })}
      </p>
      <Button type="button" variant="ghost" size="sm" onClick={onDismiss}>
        {t("dismissDropped")}
      </Button>
    </div>
  );
}
