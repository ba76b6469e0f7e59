"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useState, type ReactNode } from "react";
import { NoteViewer } from "../ehr-viewer/note-viewer";
import type { ViewerNote } from "../ehr-viewer/types";
import { CaseColumn } from "./case-column";
import { CASE_GRID, RECORD_COLUMN, RECORD_HEIGHT } from "./layout";
import { OptionsList } from "./options-list";
import { Card } from "../ui/card";
import { Button } from "../ui/button";

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
/** `notice`: shown above the turns inside the case column (e.g. data-quality findings). */
export function ConversationWorkspace({
  category,
  turns,
  notes,
  rating,
  notice,
}: {
  category: string;
  turns: TurnView[];
  notes: ViewerNote[];
  rating: ReactNode;
  notice?: ReactNode;
}) {
  const t = useTranslations("review.conversation");
  const [focus, setFocus] = useState<{ noteNum: number; section?: string } | null>(null);
  const highlight = turns.flatMap((turn) => turn.goldSources).map((s) => ({ noteNum: s.noteNum, sections: s.headers }));
  return (
    <div className={CASE_GRID}>
      {/* On wide screens both columns fit the window: the case scrolls on its own beside the record,
          above the rating bar pinned to its bottom (see RatingPanel and CaseColumn). */}
      <CaseColumn>
        {notice}
        <Card as="section" aria-labelledby="turns-heading" padding="md" raised>
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
                <div className="mt-2">
                  <OptionsList options={turn.options} gold={turn.answer} />
                </div>
                {turn.goldSources.length > 0 && (
                  <p className="mt-2 text-sm text-slate-700">
                    {t("goldSources")}{" "}
                    {turn.goldSources.map((s) => (
                      <span key={s.noteNum} className="mr-2">
                        {s.headers.map((h) => (
                          <Button
                            key={h}
                            variant="ghost"
                            size="xs"
                            className="mr-1 rounded bg-slate-100 font-normal hover:bg-teal-50"
                            onClick={() => setFocus({ noteNum: s.noteNum, section: h })}
                          >
                            {t("source", { noteNum: s.noteNum, section: h })}
                          </Button>
                        ))}
                      </span>
                    ))}
                  </p>
                )}
              </li>
            ))}
          </ol>
        </Card>
        {rating}
      </CaseColumn>
      <div className={RECORD_COLUMN}>
        <NoteViewer notes={notes} highlight={highlight} focus={focus} className={RECORD_HEIGHT} />
      </div>
    </div>
  );
}
