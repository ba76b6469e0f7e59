"use client";
// "Flag for discussion": apart from every rating (an item rated with confidence can still be worth
// discussing). Saved at once (last write wins: the rater alone sets it), shown with its state in
// words, toggled by click or "f" when focus is not in a text field. The organizer sees flags in
// progress, the adjudicator beside the item.
import { useTranslations } from "@/lib/i18n/client";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { isTextEntry } from "./shortcuts";
import type { SaveResult } from "./types";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";

export type SetFlag = (input: { assignmentId: string; flagged: boolean; undo?: boolean }) => Promise<SaveResult<{ flagged: boolean }>>;
type FlagStatus = "idle" | "saving" | "saved" | "failed";

/** The flag's state and its save; `set` sends the newest value, one request at a time. */
export function useFlag(assignmentId: string, initial: boolean, save: SetFlag | undefined, readOnly: boolean) {
  const [flagged, setFlagged] = useState(initial);
  const [status, setStatus] = useState<FlagStatus>("idle");
  const wanted = useRef({ flagged: initial, undo: false });
  const sending = useRef(false);
  const send = async () => {
    if (!save || sending.current) return;
    sending.current = true;
    setStatus("saving");
    let failed = false;
    for (;;) {
      const { flagged: value, undo } = wanted.current;
      const result = await save({ assignmentId, flagged: value, ...(undo ? { undo } : {}) }).catch(() => ({
        ok: false as const,
        error: "",
      }));
      failed = !result.ok;
      // A newer toggle arrived while this one was on its way: send that too.
      if (failed || wanted.current.flagged === value) break;
    }
    sending.current = false;
    setStatus(failed ? "failed" : "saved");
  };
  const set = (next: boolean, undo = false) => {
    if (readOnly || !save) return;
    wanted.current = { flagged: next, undo };
    setFlagged(next);
    void send();
  };
  return { flagged, status, set, retry: () => void send(), readOnly: readOnly || !save };
}

export type FlagState = ReturnType<typeof useFlag>;

export function FlagToggle({ flag, onToggle }: { flag: FlagState; onToggle(): void }) {
  const t = useTranslations("rubric.flag");
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (
      flag.readOnly ||
      event.key.toLowerCase() !== "f" ||
      event.ctrlKey ||
      event.metaKey ||
      event.altKey ||
      event.repeat ||
      event.isComposing
    )
      return;
    if (event.defaultPrevented || isTextEntry(event.target)) return;
    event.preventDefault();
    onToggle();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Button
        variant="secondary"
        size="sm"
        aria-pressed={flag.flagged}
        aria-keyshortcuts="f"
        disabled={flag.readOnly}
        onClick={onToggle}
        data-testid="flag-toggle"
        // A raised flag reads as a warning (amber), like the flagged pills elsewhere.
        className={cn(
          "gap-1.5 disabled:text-slate-800 disabled:opacity-70",
          flag.flagged && "border-amber-400 bg-amber-50 text-amber-950 hover:bg-amber-50 disabled:text-amber-950",
        )}
      >
        <span aria-hidden="true">{flag.flagged ? "⚑" : "⚐"}</span>
        {flag.flagged ? t("flagged") : t("flag")}
        <kbd className="font-mono text-xs opacity-80">(f)</kbd>
      </Button>
      {flag.status === "saving" && <span className="text-slate-600">{t("saving")}</span>}
      {flag.status === "failed" && (
        <span className="rounded bg-amber-50 px-1.5 text-amber-900 ring-1 ring-amber-300">
          <span aria-hidden="true">⚠ </span>
          {t("failed")}{" "}
          <Button variant="link" className="p-0 text-inherit underline" onClick={flag.retry}>
            {t("retry")}
          </Button>
        </span>
      )}
    </div>
  );
}
