"use client";
// The notices above the rubric in the rating bar: restored changes, failing saves, and what
// happened to keys typed while moving to the next item (see key-hold.ts).
import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { SignedOutNotice } from "../auth/signed-out-notice";
import { Button } from "../ui/button";
import type { SaveSummary } from "./status-text";
import type { RestoreNotice } from "./use-review-saver";

/** All of them, in their order: a closed audit, restored changes, signed out, failing saves, dropped keys. */
export function PanelNotices(props: {
  readOnly: boolean;
  restore: RestoreNotice | null;
  summary: SaveSummary;
  onSignedIn(): void;
  onRetryAll(): void;
  dropped: number;
  onDismissDropped(): void;
}) {
  const t = useTranslations("rubric.panel");
  const [dismissedRestore, setDismissedRestore] = useState(false);
  const { summary } = props;
  return (
    <>
      {props.readOnly && (
        <p className="rounded-lg border border-slate-300 bg-slate-100 p-2 text-sm font-medium text-slate-800">
          <span aria-hidden="true">🔒 </span>
          {t("closed")}
        </p>
      )}
      {props.restore && !dismissedRestore && <RestoreBanner notice={props.restore} onDismiss={() => setDismissedRestore(true)} />}
      {summary.signedOut > 0 && <SignedOutNotice count={summary.signedOut} onSignedIn={props.onSignedIn} />}
      {summary.failing > 0 && <FailingBanner count={summary.failing} onRetryAll={props.onRetryAll} />}
      {props.dropped > 0 && <DroppedKeysNotice count={props.dropped} onDismiss={props.onDismissDropped} />}
    </>
  );
}

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
