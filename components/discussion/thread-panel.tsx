"use client";
import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { useEffect, useRef, useState, useTransition } from "react";
import { earlierMessagesAction, postMessageAction } from "@/lib/actions/discussion";
import { MESSAGE_MAX, type ThreadMessageView, type ThreadPage } from "@/lib/schemas/discussion";
import { Button } from "../ui/button";
import { FormError } from "../ui/form-error";
import { useActionForm } from "../ui/use-action-form";
import { Card, CardTitle } from "../ui/card";
import { controlClass } from "../ui/field";

export interface ThreadPanelProps {
  auditId: string;
  auditItemId: string;
  /** The newest page of the thread (listThread); earlier pages load on request. */
  thread: ThreadPage;
  /** The reader's own id: their messages are marked as theirs. */
  meId: string;
  /** False for a rater reading a closed audit's thread. */
  canPost: boolean;
}

/**
 * An item's discussion thread: the messages, oldest first, with older pages on request, and a
 * box to add one (never to edit).
 */
export function ThreadPanel({ auditId, auditItemId, thread, meId, canPost }: ThreadPanelProps) {
  const t = useTranslations("discussion");
  const format = useFormatter();
  const [messages, setMessages] = useState<ThreadMessageView[]>(thread.messages);
  const [total, setTotal] = useState(thread.total);
  const [earlier, setEarlier] = useState(thread.earlier);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, startLoading] = useTransition();
  /** The last page of earlier messages loaded: its first message takes the focus, its size is announced. */
  const [loaded, setLoaded] = useState<{ firstId: string | null; count: number; more: number } | null>(null);
  const firstLoaded = useRef<HTMLLIElement>(null);
  const [text, setText] = useState("");
  const posting = useActionForm(postMessageAction, {
    onSuccess: (message) => {
      setText("");
      setMessages((list) => [...list, message]);
      setTotal((n) => n + 1);
    },
  });
  const { pending } = posting;
  // What is wrong with the text, said under it; a failure of another kind, as the form's.
  const textError = posting.fieldErrors.text;
  const send = () => posting.submit({ auditId, auditItemId, text });

  function loadEarlier() {
    const first = messages[0];
    if (!first) return;
    startLoading(async () => {
      const result = await earlierMessagesAction({ auditId, auditItemId, before: first.id });
      if (!result.ok) {
        setLoadError(result.error);
        return;
      }
      const count = result.data.messages.length;
      // In the transition (updates after an await are not, unless wrapped): the messages, the focus
      // on the first of them and the button enabled again come in one commit, so a Shift+Tab right
      // after the focus moved finds the button, not a disabled one it skips.
      startLoading(() => {
        setLoadError(null);
        setMessages((list) => [...result.data.messages, ...list]);
        setEarlier(result.data.earlier);
        setLoaded({ firstId: result.data.messages[0]?.id ?? null, count, more: Math.max(0, total - messages.length - count) });
      });
    });
  }

  // Each load moves the focus off the button (which goes once the start of the thread is reached)
  // to the first message it brought, where reading goes on; the heading if it brought none.
  useEffect(() => {
    if (!loaded) return;
    const target = firstLoaded.current ?? document.getElementById("discussion-heading");
    target?.focus();
  }, [loaded]);

  return (
    <Card as="section" id="discussion" aria-labelledby="discussion-heading" padding="md" className="mt-6" data-testid="discussion">
      <CardTitle id="discussion-heading" tabIndex={-1} className="focus:outline-none">
        {t("heading", { count: total })}
      </CardTitle>
      <p className="mt-1 text-xs text-slate-600">{canPost ? t("visibility") : t("readOnly")}</p>
      {messages.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t("empty")}</p>
      ) : (
        <>
          {earlier && (
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <Button type="button" size="sm" variant="secondary" onClick={loadEarlier} disabled={loading} data-testid="thread-earlier">
                {t("earlier", { count: total - messages.length })}
              </Button>
              <FormError>{loadError}</FormError>
            </div>
          )}
          <ol className="mt-3 space-y-3" aria-label={t("listLabel")}>
            {messages.map((m) => (
              <li
                key={m.id}
                className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
                data-testid="thread-message"
                {...(m.id === loaded?.firstId ? { ref: firstLoaded, tabIndex: -1 } : {})}
              >
                <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
                  <span className="font-medium text-slate-900">{m.authorName}</span>
                  {m.authorId === meId && <span>{t("you")}</span>}
                  <time dateTime={m.createdAt}>{format.dateTime(new Date(m.createdAt), { dateStyle: "medium", timeStyle: "short" })}</time>
                </div>
                <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900">{m.text}</p>
              </li>
            ))}
          </ol>
        </>
      )}
      <p role="status" className="sr-only" data-testid="thread-loaded">
        {loaded && t("earlierLoaded", { count: loaded.count, more: loaded.more })}
      </p>
      {canPost && (
        <form
          className="mt-4"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <label htmlFor="discussion-text" className="block text-sm font-medium text-slate-800">
            {t("newMessage")}
          </label>
          <textarea
            id="discussion-text"
            className={`${controlClass} mt-1 min-h-20 w-full`}
            value={text}
            maxLength={MESSAGE_MAX}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              // Ctrl/⌘+Enter sends; Enter alone is a new line.
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                if (!pending && text.trim()) send();
              }
            }}
            aria-describedby={textError ? "discussion-text-error discussion-hint" : "discussion-hint"}
            aria-invalid={textError ? true : undefined}
          />
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <Button type="submit" size="sm" disabled={pending || !text.trim()}>
              {t("send")}
            </Button>
            <span id="discussion-hint" className="text-xs text-slate-600">
              {t("hint", { max: MESSAGE_MAX })}
            </span>
          </div>
          <FormError id="discussion-text-error" className="mt-2">
            {textError ?? posting.error}
          </FormError>
        </form>
      )}
    </Card>
  );
}
