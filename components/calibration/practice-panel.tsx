"use client";
// The rating bar of a practice item: the same questions as the real case, answered all at once
// ("Check against the key"), then the key and the rationale beside the rater's answer. By
// keyboard: digits choose for the question in focus (and move on), [ and ] move between
// questions, Enter checks, n opens the next practice item.
import { useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { savePracticeAction } from "@/lib/actions/calibration";
import { FormError } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { Button, buttonVariants } from "../ui/button";
import { Card } from "../ui/card";

export interface PracticeQuestion {
  key: string;
  label: string;
  categories: { key: string; label: string }[];
}
export interface PracticeReply {
  labels: Record<string, string>;
  key: Record<string, string>;
  rationale: string;
}

const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable || el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && (el as HTMLInputElement).type !== "radio"));

export function PracticePanel(props: {
  auditId: string;
  calibrationItemId: string;
  questions: PracticeQuestion[];
  answer: PracticeReply | null;
  nextHref: string;
  last: boolean;
}) {
  const { auditId, calibrationItemId, questions, nextHref, last } = props;
  const t = useTranslations("calibration.practice");
  const router = useRouter();
  const [choices, setChoices] = useState<Record<string, string>>(props.answer?.labels ?? {});
  const practice = useActionForm(savePracticeAction);
  const reply: PracticeReply | null = practice.data ?? props.answer;
  const [active, setActive] = useState(0);
  // Said before sending: not every question has an answer yet.
  const [incomplete, setIncomplete] = useState(false);
  const { pending } = practice;
  const error = incomplete ? t("chooseAll") : practice.error;
  /** The keys are live (after hydration): marked for the page and its tests, as the real rating bar. */
  const [ready, setReady] = useState(false);
  const opened = useRef(performance.now());
  const complete = questions.every((q) => choices[q.key]);

  const check = () => {
    if (reply || pending) return;
    setIncomplete(!complete);
    if (!complete) return;
    const activeMs = Math.min(7_200_000, Math.round(performance.now() - opened.current));
    practice.submit({ auditId, calibrationItemId, labels: choices, activeMs });
  };
  const choose = (question: number, category: string) => {
    if (reply) return;
    setChoices((c) => ({ ...c, [questions[question]!.key]: category }));
    setIncomplete(false);
    if (practice.error) practice.reset();
  };

  // One listener for the whole screen, as the real rating bar: keys land on the question in focus.
  const state = useRef({ active, reply, check, choose });
  state.current = { active, reply, check, choose };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      const s = state.current;
      const q = questions[s.active];
      if (/^[1-9]$/.test(e.key) && q && !s.reply) {
        const category = q.categories[Number(e.key) - 1];
        if (!category) return;
        e.preventDefault();
        s.choose(s.active, category.key);
        setActive((a) => Math.min(questions.length - 1, a + 1));
      } else if (e.key === "]" || e.key === "[") {
        e.preventDefault();
        setActive((a) => Math.max(0, Math.min(questions.length - 1, a + (e.key === "]" ? 1 : -1))));
      } else if (e.key === "Enter" && !s.reply) {
        e.preventDefault();
        s.check();
      } else if (e.key === "n" && s.reply) {
        e.preventDefault();
        router.push(nextHref);
      }
    };
    window.addEventListener("keydown", onKey);
    setReady(true);
    return () => window.removeEventListener("keydown", onKey);
  }, [questions, nextHref, router]);

  const labelOf = (q: PracticeQuestion, key: string | undefined) => q.categories.find((c) => c.key === key)?.label ?? "—";
  return (
    <Card
      as="section"
      aria-labelledby="practice-answer-heading"
      padding="md"
      raised
      data-testid="practice-panel"
      data-keys-ready={ready || undefined}
    >
      <h2 id="practice-answer-heading" className="text-sm font-semibold text-slate-800">
        {reply ? t("keyTitle") : t("questions")}
      </h2>
      <div className="mt-2 space-y-2">
        {questions.map((q, i) => (
          <fieldset
            key={q.key}
            onFocus={() => setActive(i)}
            data-active={i === active || undefined}
            className={`rounded-lg border border-l-4 border-slate-200 px-3 py-2 ${i === active && !reply ? "border-l-teal-700" : "border-l-slate-200"}`}
          >
            <legend className="text-sm font-semibold text-slate-900">{q.label}</legend>
            {reply ? (
              <p className="text-sm" data-testid={`practice-key-${q.key}`}>
                <span>{t("yours", { category: labelOf(q, reply.labels[q.key]) })}</span>
                {" · "}
                <span className="font-medium">{t("keyValue", { category: labelOf(q, reply.key[q.key]) })}</span>{" "}
                <span className={reply.labels[q.key] === reply.key[q.key] ? "text-teal-800" : "text-amber-800"}>
                  ({reply.labels[q.key] === reply.key[q.key] ? t("match") : t("differs")})
                </span>
              </p>
            ) : (
              <div className="flex flex-wrap gap-2">
                {q.categories.map((c, n) => (
                  <label
                    key={c.key}
                    className="flex items-center gap-1 rounded border border-slate-200 px-2 py-1 text-sm has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
                  >
                    <input type="radio" name={`practice-${q.key}`} checked={choices[q.key] === c.key} onChange={() => choose(i, c.key)} />
                    <kbd className="text-xs text-slate-500">{n + 1}</kbd> {c.label}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
        ))}
      </div>
      {reply ? (
        <>
          {reply.rationale && (
            <div className="mt-3">
              <h3 className="text-sm font-semibold text-slate-800">{t("rationale")}</h3>
              <p className="whitespace-pre-line text-sm text-slate-700" data-testid="practice-rationale">
                {reply.rationale}
              </p>
            </div>
          )}
          <a href={nextHref} className={buttonVariants({ className: "mt-3" })} onClick={(e) => (e.preventDefault(), router.push(nextHref))}>
            {last ? t("finish") : t("next")} <kbd className="ml-1 text-xs opacity-80">n</kbd>
          </a>
        </>
      ) : (
        <Button className="mt-3" onClick={check} disabled={pending}>
          {t("submit")} <kbd className="ml-1 text-xs opacity-80">Enter</kbd>
        </Button>
      )}
      <FormError boxed className="mt-2">
        {error}
      </FormError>
      <p className="mt-2 text-xs text-slate-500">{t("keys")}</p>
    </Card>
  );
}
