"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { NotificationEntry, Notifications } from "@/lib/notifications";
import { cn } from "../ui/cn";
import { whenIdle } from "../ui/when-idle";

/**
 * The header's bell: the count of unread notifications, and on opening a short list of links.
 * Loaded after the page (GET /api/notifications, once the browser is idle), so no page waits for
 * it, nor the next case's first frame after `n`; again on every navigation. Opening the list
 * marks what it shows as read. Keyboard: Tab to the bell, Enter opens and moves to the first
 * entry, arrows/Tab move, Escape closes and returns to the bell.
 */
export function NotificationBell() {
  const t = useTranslations("discussion.bell");
  const format = useFormatter();
  const pathname = usePathname();
  const [data, setData] = useState<Notifications | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();

  const load = useCallback(async () => {
    try {
      const response = await fetch("/api/notifications", { cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
      setData((await response.json()) as Notifications);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloaded on every navigation
  useEffect(() => {
    setOpen(false);
    return whenIdle(() => void load());
  }, [pathname, load]);

  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (!panel.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", away);
    return () => document.removeEventListener("mousedown", away);
  }, [open]);

  function toggle() {
    if (open) return setOpen(false);
    setOpen(true);
  }

  // Opened, focus goes to the first entry (again when the list arrives after the bell was opened),
  // unless the reader has moved on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the list arrives
  useEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== button.current && !panel.current?.contains(active)) return;
    if (panel.current?.querySelector("a") === active) return;
    panel.current?.querySelector<HTMLElement>("a, [tabindex]")?.focus();
  }, [open, data]);

  // What the open list shows is read: marked on the server up to its newest entry, also when the
  // list arrives after it was opened. The entries keep their marks until the list is drawn again.
  const newestUnread = open && data && data.unread > 0 ? data.entries[0]?.at : undefined;
  useEffect(() => {
    if (!newestUnread) return;
    setData((d) => d && { ...d, unread: 0 });
    void fetch("/api/notifications", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ upTo: newestUnread }),
    }).catch(() => undefined);
  }, [newestUnread]);

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === "Escape") {
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const links = [...(panel.current?.querySelectorAll<HTMLElement>("a") ?? [])];
    const at = links.indexOf(document.activeElement as HTMLElement);
    const next = links[(at + (e.key === "ArrowDown" ? 1 : -1) + links.length) % links.length];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  }

  const unread = data?.unread ?? 0;
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        data-testid="notification-bell"
        // Answered once (the list, or its failure): the bell is interactive and says what it holds.
        data-loaded={data !== null || failed}
        aria-expanded={open}
        aria-controls={id}
        aria-label={unread > 0 ? t("labelUnread", { count: unread }) : t("label")}
        onClick={toggle}
        className="relative flex h-8 w-8 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 aria-expanded:bg-slate-100"
      >
        <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M10 2.5a5 5 0 0 0-5 5v3.2L3.5 13.5h13L15 10.7V7.5a5 5 0 0 0-5-5zM8 15.5a2 2 0 0 0 4 0" strokeLinejoin="round" />
        </svg>
        {unread > 0 && (
          <span
            aria-hidden
            data-testid="notification-count"
            className="absolute -top-1 -right-1 min-w-4 rounded-full bg-red-700 px-1 text-center text-[11px] font-semibold leading-4 text-white"
          >
            {unread > 9 ? "9+" : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panel}
          id={id}
          role="region"
          aria-label={t("heading")}
          onKeyDown={onKeyDown}
          data-testid="notification-list"
          className="absolute right-0 z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-2 shadow-lg"
        >
          <p className="px-2 py-1 text-xs font-semibold uppercase tracking-wide text-slate-600">{t("heading")}</p>
          {failed && !data ? (
            <p className="px-2 py-2 text-sm text-red-700">{t("failed")}</p>
          ) : !data || data.entries.length === 0 ? (
            <p className="px-2 py-2 text-sm text-slate-600" tabIndex={-1}>
              {t("empty")}
            </p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {data.entries.map((e) => (
                <li key={`${e.kind}:${e.auditId}:${e.at}:${e.order ?? ""}`}>
                  <Link
                    href={e.href}
                    onClick={() => setOpen(false)}
                    data-testid={`notification-${e.kind}`}
                    className={cn(
                      "block rounded px-2 py-1.5 text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-2 focus:outline-teal-700",
                      e.unread ? "font-medium text-slate-900" : "text-slate-700",
                    )}
                  >
                    <span className="flex items-start gap-2">
                      {e.unread && <span aria-hidden className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-teal-700" />}
                      <span>
                        {entryText(t, e)}
                        {e.unread && <span className="sr-only"> ({t("unread")})</span>}
                        <time dateTime={e.at} className="block text-xs font-normal text-slate-500">
                          {format.dateTime(new Date(e.at), { dateStyle: "medium", timeStyle: "short" })}
                        </time>
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function entryText(t: ReturnType<typeof useTranslations<"discussion.bell">>, e: NotificationEntry): string {
  switch (e.kind) {
    case "calibration":
      return t("calibration", { audit: e.auditName });
    case "reopened":
      return t("reopened", { audit: e.auditName });
    case "adjudication":
      return t("adjudication", { audit: e.auditName, count: e.count ?? 0 });
    case "message":
      return t("message", { audit: e.auditName, from: e.from ?? "", order: e.order ?? 0 });
  }
}
