"use client";
import { useTranslations } from "@/lib/i18n/client";
import { useMemo, useState, type ReactNode } from "react";
import { parseRecord } from "@/lib/review/compact-record";
import { EhrViewer } from "../ehr-viewer/ehr-viewer";
import type { ViewerEvent } from "../ehr-viewer/types";
import { useRecordFormat } from "../ehr-viewer/use-record-format";
import { CaseColumn } from "./case-column";
import { CASE_GRID, RECORD_COLUMN, RECORD_HEIGHT } from "./layout";
import { OptionsList } from "./options-list";
import { Card } from "../ui/card";
import { Button } from "../ui/button";

export interface McqView {
  question: string;
  options: { label: string; text: string }[];
  answer: string;
  ruleId: string;
  ruleText: string | null;
  evidenceEventIds: string[];
  evidenceText: string | null;
  /** As written in the record ("2031-08-18 10:02") and the gestational age then, if known. */
  cutoff: { time: string; gaDays: number | null };
}

/** The case (left) and the record up to the cutoff (right); evidence entries jump into the record. */
/** `notice`: shown above the question inside the case column (e.g. data-quality findings). */
/**
 * The record comes as `events`, or as `record`: the compact JSON the case page sends (one string
 * in the page payload instead of an object per event; lib/review/compact-record.ts), expanded here.
 */
export function McqWorkspace(
  props: { item: McqView; rating: ReactNode; notice?: ReactNode } & (
    | { events: ViewerEvent[] }
    | { record: { json: string; etag: string } }
  ),
) {
  const { item, rating, notice } = props;
  const given = "events" in props ? props.events : null;
  const record = "record" in props ? props.record : null;
  const events = useMemo(() => given ?? parseRecord(record!.json, record!.etag), [given, record?.json, record?.etag]);
  const t = useTranslations("review.mcq");
  const { ga } = useRecordFormat();
  const [focus, setFocus] = useState<string | null>(null);
  const byEventId = new Map(events.map((e) => [e.eventId, e]));
  const evidenceLines = (item.evidenceText ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const cutoffLabel = item.cutoff.gaDays === null ? item.cutoff.time : `${item.cutoff.time} · ${ga(item.cutoff.gaDays)}`;
  return (
    <div className={CASE_GRID}>
      {/* On wide screens both columns fit the window: the case scrolls on its own beside the record,
          above the rating bar pinned to its bottom (see RatingPanel and CaseColumn). */}
      <CaseColumn>
        {notice}
        <Card as="section" aria-labelledby="question-heading" padding="md" raised>
          <h2 id="question-heading" className="sr-only">
            {t("question")}
          </h2>
          <p className="whitespace-pre-line text-base font-medium text-slate-900" data-testid="question">
            {item.question}
          </p>
          <div className="mt-4">
            <OptionsList options={item.options} gold={item.answer} testId="options" />
          </div>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">{t("rule")}</dt>
            <dd className="text-slate-800">
              <span className="font-mono text-xs">{item.ruleId}</span>
              {item.ruleText ? ` — ${item.ruleText}` : ""}
            </dd>
            <dt className="text-slate-500">{t("cutoff")}</dt>
            <dd className="text-slate-800">{cutoffLabel}</dd>
          </dl>
        </Card>
        <Card as="section" aria-labelledby="evidence-heading" padding="md" raised data-testid="evidence">
          <h2 id="evidence-heading" className="text-sm font-semibold text-slate-800">
            {t("evidence", { count: item.evidenceEventIds.length })}
          </h2>
          {/* One line per evidence event in the benchmark's text: joined by newlines, they ran together. */}
          {evidenceLines.length > 0 && (
            <ul className="mt-2 space-y-1.5 text-sm text-slate-700" data-testid="evidence-text">
              {evidenceLines.map((line, i) => (
                <li key={i} className="border-l-2 border-slate-200 pl-2 break-words">
                  {line}
                </li>
              ))}
            </ul>
          )}
          <ul className="mt-2 space-y-1">
            {item.evidenceEventIds.map((id) => {
              const e = byEventId.get(id);
              return (
                <li key={id}>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setFocus(e ? e.eventId : null)}
                    disabled={!e}
                    className="block w-full px-2 text-left font-normal hover:bg-teal-50"
                  >
                    <span className="font-mono text-xs text-slate-500">{id}</span>{" "}
                    {e ? (
                      <>
                        <span className="font-medium text-slate-900">{e.name}</span>{" "}
                        <span className="text-slate-600">{e.time.slice(0, 10)}</span>{" "}
                        <span className="text-teal-800">{t("showInRecord")}</span>
                      </>
                    ) : (
                      <span className="text-red-800">{t("notInRecord")}</span>
                    )}
                  </Button>
                </li>
              );
            })}
          </ul>
        </Card>
        {rating}
      </CaseColumn>
      <div className={RECORD_COLUMN}>
        <EhrViewer
          events={events}
          evidenceEventIds={item.evidenceEventIds}
          cutoffLabel={cutoffLabel}
          focusEventId={focus}
          onFocusHandled={() => setFocus(null)}
          className={RECORD_HEIGHT}
        />
      </div>
    </div>
  );
}
