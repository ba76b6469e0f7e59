"use client";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { NoteViewer } from "../ehr-viewer/note-viewer";
import type { ViewerNote } from "../ehr-viewer/types";
import { OptionsList } from "./options-list";

export interface TurnView {
  turnOrder: number;
  turnIndex: number;
  turnType: "content" | "source";
  question: string;
  options: { label: string; text: string }[];
  answer: string;
  goldSources: { noteNum: number; headers: string[] }[];
}

/** Every turn with its gold; evidence (source) turns show their (note, section) sets. */
export function ConversationWorkspace({ category, turns, notes, rating }: { category: string; turns: TurnView[]; notes: ViewerNote[]; rating: ReactNode }) {
  const t = useTranslations("review.conversation");
  const [focus, setFocus] = useState<{ noteNum: number; section?: string } | null>(null);
  const highlight = turns.flatMap((turn) => turn.goldSources).map((s) => ({ noteNum: s.noteNum, sections: s.headers }));
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      {/* On wide screens both columns fit the window: the case scrolls on its own beside the record. */}
      <div className="space-y-5 xl:max-h-[calc(100vh-7rem)] xl:overflow-y-auto xl:pr-2">
        <section aria-labelledby="turns-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="turns-heading" className="text-sm font-semibold text-slate-800">
            {category ? t("headingWithCategory", { category, count: turns.length }) : t("heading", { count: turns.length })}
          </h2>
          <ol className="mt-3 space-y-5">
            {turns.map((turn) => (
              <li key={turn.turnOrder} data-testid={`turn-${turn.turnOrder}`}>
                <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                  {t(turn.turnType === "content" ? "contentTurn" : "sourceTurn", { turn: turn.turnOrder })}
                </p>
                <p className="mt-1 whitespace-pre-line text-sm font-medium text-slate-900">{turn.question}</p>
                <div className="mt-2"><OptionsList options={turn.options} gold={turn.answer} /></div>
                {turn.goldSources.length > 0 && (
                  <p className="mt-2 text-sm text-slate-700">
                    {t("goldSources")}{" "}
                    {turn.goldSources.map((s) => (
                      <span key={s.noteNum} className="mr-2">
                        {s.headers.map((h) => (
                          <button key={h} type="button" className="mr-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs hover:bg-teal-50" onClick={() => setFocus({ noteNum: s.noteNum, section: h })}>
                            {t("source", { noteNum: s.noteNum, section: h })}
                          </button>
                        ))}
                      </span>
                    ))}
                  </p>
                )}
              </li>
            ))}
          </ol>
        </section>
        {rating}
      </div>
      <div className="xl:sticky xl:top-4 xl:self-start">
        <NoteViewer notes={notes} highlight={highlight} focus={focus} />
      </div>
    </div>
  );
}
