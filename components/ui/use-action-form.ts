"use client";
import { useTranslations } from "@/lib/i18n/client";
import { startTransition, useActionState, useRef, type FormEvent } from "react";
import type { z } from "zod";
import { checkFields } from "@/lib/schemas/issues";
import type { ActionResult } from "@/lib/server/action";

type Failure = Extract<ActionResult<unknown>, { ok: false }>;

/** Where a form stands after its last submit: nothing yet, failed (the form error and each field's), or done. */
export type FormState<T> =
  | { status: "idle"; error: null; fieldErrors: Record<string, string>; data: null }
  | { status: "failed"; error: string; fieldErrors: Record<string, string>; data: null; failure?: Failure }
  | { status: "done"; error: null; fieldErrors: Record<string, string>; data: T };

export interface ActionFormOptions<I, T> {
  /** The action's own schema (lib/schemas), checked before sending: the same field messages, no round trip. */
  schema?: z.ZodType | ((input: I) => z.ZodType);
  /** Once the action succeeded, e.g. sign in, navigate; the form shows it is done meanwhile (not awaited). */
  onSuccess?: (data: T, input: I) => unknown;
  /** After it failed, e.g. to the sign-in page when the session ended. */
  onFailure?: (failure: Failure) => void;
}

type Translate = Parameters<typeof checkFields>[2];

export const IDLE: FormState<never> = { status: "idle", error: null, fieldErrors: {}, data: null };

/** One submit: check locally, send, and say what happened. Never throws (a lost connection is a calm failure). */
export async function settleForm<I, T>(
  action: (input: I) => Promise<ActionResult<T>>,
  input: I,
  options: ActionFormOptions<I, T>,
  t: Translate,
): Promise<FormState<T>> {
  const schema = typeof options.schema === "function" ? options.schema(input) : options.schema;
  const local = schema ? checkFields(schema, input, t) : null;
  if (local) return { status: "failed", error: t("common.errors.fixFields" as never), fieldErrors: local, data: null };
  let result: ActionResult<T>;
  try {
    result = await action(input);
  } catch {
    return { status: "failed", error: t("common.errors.generic" as never), fieldErrors: {}, data: null };
  }
  if (!result.ok) {
    options.onFailure?.(result);
    return { status: "failed", error: result.error, fieldErrors: result.fieldErrors ?? {}, data: null, failure: result };
  }
  void options.onSuccess?.(result.data, input);
  return { status: "done", error: null, fieldErrors: {}, data: result.data };
}

const RESET = Symbol("reset");

/**
 * The one way a form calls a server action (React's useActionState): `submit(input)` checks it with
 * the schema, sends it, and keeps `pending`, the form `error`, the `fieldErrors` by field name and
 * the last success's `data` (`done`). Submits run one after another; `reset()` forgets the outcome.
 * Show the error with <FormError> and hand each field its error (TextField / Field `error`).
 * `onSubmit(read)` serves a <form>: it reads the input (from its FormData or the component's state),
 * submits it, and with `{ clear: true }` empties the form's fields after a success.
 */
export function useActionForm<I, T>(action: (input: I) => Promise<ActionResult<T>>, options: ActionFormOptions<I, T> = {}) {
  const t = useTranslations();
  const submitted = useRef<HTMLFormElement | null>(null);
  const [state, dispatch, pending] = useActionState((_: FormState<T>, input: I | typeof RESET): Promise<FormState<T>> | FormState<T> => {
    if (input === RESET) return IDLE;
    const form = submitted.current;
    submitted.current = null;
    const onSuccess = (data: T, sent: I) => {
      form?.reset();
      return options.onSuccess?.(data, sent);
    };
    return settleForm(action, input, { ...options, onSuccess }, t);
  }, IDLE);
  const submit = (input: I) => startTransition(() => dispatch(input));
  return {
    ...state,
    pending,
    done: state.status === "done",
    submit,
    reset: () => startTransition(() => dispatch(RESET)),
    onSubmit:
      (read: (form: FormData) => I, { clear = false } = {}) =>
      (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        submitted.current = clear ? event.currentTarget : null;
        submit(read(new FormData(event.currentTarget)));
      },
  };
}
