"use client";
import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { dashboardVersionAction } from "@/lib/actions/dashboard";

/** How often an open audit's dashboard asks whether its figures changed. */
export const LIVE_POLL_MS = 10_000;
/** How often while it shows the figures before the latest changes, whose report is being computed. */
export const STALE_POLL_MS = 2_000;

/**
 * Keeps an open audit's dashboard current: every 10 s while the tab is visible (2 s while the page
 * shows the figures before the latest changes) it asks the server for the fingerprint of the
 * figures, and re-renders the page (router.refresh, the same render as a reload) once they changed
 * and the report at the new fingerprint is ready, so the refresh never waits for a computation.
 * Shows when the figures on screen were computed, and whether newer ones are on their way.
 */
export function LiveRefresh({
  auditId,
  version,
  computedAt,
  current: upToDate,
}: {
  auditId: string;
  version: string;
  computedAt: string;
  /** False: the figures predate the audit's latest changes, whose report is being computed. */
  current: boolean;
}) {
  const t = useTranslations("dashboard.live");
  const format = useFormatter();
  const router = useRouter();
  const current = useRef(version);
  const [failed, setFailed] = useState(false);
  // Newer figures exist and their report is being computed: ask again soon.
  const [pending, setPending] = useState(false);
  current.current = version;

  useEffect(() => {
    let stopped = false;
    const tick = async () => {
      if (document.visibilityState !== "visible") return;
      const r = await dashboardVersionAction({ auditId }).catch(() => null);
      if (stopped) return;
      setFailed(!r?.ok);
      const changed = r?.ok === true && r.data.version !== current.current;
      setPending(changed && !r.data.ready);
      if (changed && r.data.ready) router.refresh();
    };
    const timer = setInterval(tick, upToDate && !pending ? LIVE_POLL_MS : STALE_POLL_MS);
    const onVisible = () => void tick();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [auditId, router, upToDate, pending]);

  const at = format.dateTime(new Date(computedAt), { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return (
    <span
      className="text-xs text-slate-600 print:hidden"
      data-testid="live-status"
      data-version={version}
      data-current={upToDate}
      aria-live="polite"
    >
      {failed ? t("failed", { at }) : upToDate ? t("updated", { at }) : t("computing", { at })}
    </span>
  );
}
