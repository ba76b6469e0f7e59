"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useEffect, useRef } from "react";
import { Markdown } from "../ui/markdown";
import { Button } from "../ui/button";

const seenKey = (auditId: string) => `clinaudit:guidelines-seen:${auditId}`;

function showDialog(d: HTMLDialogElement | null) {
  if (d && !d.open) d.showModal();
}

/**
 * The audit's guidelines on the case screen: a button (and the `g` key, outside text fields)
 * opens them in a dialog; they open by themselves the first time a rater reaches a case of the
 * audit in this browser. Esc closes and focus returns to the button.
 */
export function GuidelinesPanel({ auditId, text }: { auditId: string; text: string }) {
  const t = useTranslations("review.guidelines");
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // The dialog's own `open` is the only state. A React copy of it raced the native close: Esc
  // hides the dialog at once but its close event comes a task later, so a `g` typed in between
  // toggled the stale copy and the dialog stayed shut.
  const show = () => showDialog(dialog.current);
  const hide = () => dialog.current?.close();

  useEffect(() => {
    try {
      if (!localStorage.getItem(seenKey(auditId))) {
        showDialog(dialog.current);
        localStorage.setItem(seenKey(auditId), "1");
      }
    } catch {
      // Storage blocked: the button still opens them.
    }
  }, [auditId]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.key !== "g" || e.ctrlKey || e.metaKey || e.altKey || target?.closest("input, textarea, select, [contenteditable=true]")) return;
      e.preventDefault();
      const d = dialog.current;
      if (d?.open) d.close();
      else showDialog(d);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // Keys stay inside while it is open: a digit typed here must not rate the case beneath. A
  // native listener on the dialog itself, because the case's shortcuts and React's own listener
  // both sit on the document, where stopping the event would be too late.
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    const keep = (e: KeyboardEvent) => {
      if (e.key !== "Escape") e.stopPropagation();
    };
    d.addEventListener("keydown", keep);
    return () => d.removeEventListener("keydown", keep);
  }, []);

  return (
    <>
      <Button ref={button} variant="secondary" size="sm" onClick={show} aria-keyshortcuts="g">
        {t("open")} <kbd className="rounded border border-slate-300 px-1 text-xs">g</kbd>
      </Button>
      <dialog
        ref={dialog}
        onClose={() => button.current?.focus()}
        aria-labelledby="guidelines-title"
        className="max-h-[80vh] w-[min(42rem,92vw)] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40"
        data-testid="guidelines-dialog"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
          <h2 id="guidelines-title" className="text-base font-semibold">
            {t("title")}
          </h2>
          <Button variant="ghost" size="sm" onClick={hide}>
            {t("close")}
          </Button>
        </div>
        <div className="overflow-y-auto px-5 py-4">
          <Markdown source={text} />
        </div>
      </dialog>
    </>
  );
}
