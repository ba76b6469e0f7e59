"use client";
// Always-visible one-line legend, plus a fuller help panel behind "?".
// An inline disclosure rather than a modal: it never traps focus mid-rating.
import { useTranslations } from "@/lib/i18n/client";
import { useId } from "react";
import { EDITING_SHORTCUTS, SHORTCUT_HELP, type ShortcutHelp } from "./shortcuts";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";

const RATING_KEYS = new Set<ShortcutHelp["id"]>(["rate", "dimension", "next", "comment"]);

function Keys({ keys }: { keys: string[] }) {
  return (
    <span className="inline-flex gap-0.5">
      {keys.map((k, i) =>
        k === "…" ? (
          <span key={i} aria-hidden="true">
            –
          </span>
        ) : (
          <kbd key={i} className="rounded border border-slate-300 bg-white px-1 font-mono text-xs text-slate-800">
            {k}
          </kbd>
        ),
      )}
    </span>
  );
}

export function ShortcutLegend({ helpOpen, onToggleHelp, readOnly }: { helpOpen: boolean; onToggleHelp(): void; readOnly: boolean }) {
  const t = useTranslations("rubric.shortcuts");
  const id = useId();
  const items = SHORTCUT_HELP.filter((s) => !readOnly || !EDITING_SHORTCUTS.has(s.id));
  // "?" is on the button at the end of the line; the rest fits one line of a 1280 px case column.
  const compact = items.filter((s): s is Extract<ShortcutHelp, { compact: true }> => s.compact && s.id !== "help");
  return (
    <div className="relative rounded-lg border border-slate-200 bg-slate-50 px-3 py-1.5 text-xs text-slate-700">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-800">{t("keys")}</span>
        {compact.map((s) => (
          <span key={s.id} className="inline-flex items-center gap-1">
            <Keys keys={s.keys} />
            <span>{t(`${s.id}.compact`)}</span>
          </span>
        ))}
        <Button
          variant="link"
          size="xs"
          onClick={onToggleHelp}
          aria-expanded={helpOpen}
          aria-controls={`${id}-help`}
          aria-keyshortcuts="?"
          className="ml-auto"
        >
          {helpOpen ? t("hide") : t("show")}
        </Button>
      </div>
      {/* Opens upwards over the case, not inside the pinned bar, whose height is capped on wide
          screens (RatingPanel): the bar keeps its size and the help is never cut off. */}
      <div
        id={`${id}-help`}
        hidden={!helpOpen}
        className="absolute inset-x-0 bottom-full mb-1 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
      >
        {/* Filled only while open: closed, it would be a tenth of the elements each next case mounts. */}
        {helpOpen && <HelpBody items={items} />}
      </div>
    </div>
  );
}

/** The rating keys one to a line; the rest, with short labels, two to a line, so that the whole help fits above the fold at 1280×800. */
function HelpBody({ items }: { items: ShortcutHelp[] }) {
  const t = useTranslations("rubric.shortcuts");
  return (
    <>
      {[items.filter((s) => RATING_KEYS.has(s.id)), items.filter((s) => !RATING_KEYS.has(s.id))].map((group, i) => (
        <dl
          key={i}
          className={cn("grid gap-x-4 gap-y-1", i === 0 ? "sm:grid-cols-[auto_1fr]" : "mt-1 sm:grid-cols-[auto_1fr_auto_1fr] sm:gap-x-3")}
        >
          {group.map((s) => (
            <div key={s.id} className="contents">
              <dt>
                <Keys keys={s.keys} />
              </dt>
              <dd>{t(`${s.id}.label`)}</dd>
            </div>
          ))}
        </dl>
      ))}
      <p className="mt-2 text-slate-600">{t("note")}</p>
    </>
  );
}
