"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { dashboardVersionAction } from "@/app/audits/dashboard-actions";

/** How often an open audit's dashboard asks whether its figures changed. */
export const LIVE_POLL_MS = 10_000;

/**
 * Keeps an open audit's dashboard current: every 10 s while the tab is visible it asks the
 * server for the fingerprint of the figures, and re-renders the page (router.refresh, so the
 * numbers are recomputed on the server exactly as on a reload) only when it changed. Shows when
 * the figures on screen were computed.
 */
export function LiveRefresh({ auditId, version, computedAt }: { auditId: string; version: string; computedAt: string }) {
  const t = useTranslations("dashboard.live");
  const format = useFormatter();
  const router = useRouter();
  const current = useRef(version);
  const [failed, setFailed] = useState(false);
  current.current = version;

  useEffect(() => {
    let stopped = false;
    const tick = async () => {
      if (document.visibilityState !== "visible") return;
      const r = await dashboardVersionAction({ auditId }).catch(() => null);
      if (stopped) return;
      setFailed(!r?.ok);
      if (r?.ok && r.data.version !== current.current) router.refresh();
    };
    const timer = setInterval(tick, LIVE_POLL_MS);
    const onVisible = () => void tick();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [auditId, router]);

  const at = format.dateTime(new Date(computedAt), { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return (
    <span className="text-xs text-slate-600 print:hidden" data-testid="live-status" data-version={version} aria-live="polite">
      {failed ? t("failed", { at }) : t("updated", { at })}
    </span>
  );
}
