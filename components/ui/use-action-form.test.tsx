// The one form hook: its submit step (settleForm) against fake actions, and its first render.
import { renderToStaticMarkup } from "react-dom/server";
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { en } from "@/lib/i18n/messages";
import type { ActionResult } from "@/lib/server/action";
import { withIntl } from "@/tests/support/intl";
import { FormError, FormSuccess } from "./form-error";
import { settleForm, useActionForm } from "./use-action-form";

const t = createTranslator({ locale: "en", messages: en });
const schema = z.strictObject({ name: z.string().min(1, "audits.validation.name") });
type Input = z.input<typeof schema>;

function recorder<T>(result: ActionResult<T> | Error) {
  const calls: Input[] = [];
  const action = async (input: Input) => {
    calls.push(input);
    if (result instanceof Error) throw result;
    return result;
  };
  return { calls, action };
}

describe("settleForm", () => {
  it("refuses with the schema's field messages before sending", async () => {
    const { calls, action } = recorder({ ok: true, data: 1 });
    const state = await settleForm(action, { name: "" }, { schema }, t);
    expect(calls).toEqual([]);
    expect(state).toMatchObject({
      status: "failed",
      error: t("common.errors.fixFields"),
      fieldErrors: { name: t("audits.validation.name") },
    });
  });

  it("picks the schema by the input when given a function", async () => {
    const { calls, action } = recorder({ ok: true, data: 1 });
    await settleForm(action, { name: "" }, { schema: (i) => (i.name ? schema : z.strictObject({ name: z.string() })) }, t);
    expect(calls).toEqual([{ name: "" }]);
  });

  it("keeps the server's error and field errors, and tells onFailure", async () => {
    const failure = { ok: false as const, error: "Taken.", fieldErrors: { name: "Taken." }, signedOut: true as const };
    const { action } = recorder<number>(failure);
    const seen: unknown[] = [];
    const state = await settleForm(action, { name: "a" }, { schema, onFailure: (f) => seen.push(f), onSuccess: () => seen.push("ok") }, t);
    expect(state).toEqual({ status: "failed", error: "Taken.", fieldErrors: { name: "Taken." }, data: null, failure });
    expect(seen).toEqual([failure]);
  });

  it("keeps the data and hands it to onSuccess", async () => {
    const { action } = recorder({ ok: true, data: { id: "x" } });
    const order: string[] = [];
    const state = await settleForm(
      action,
      { name: "a" },
      {
        onSuccess: (data, input) => order.push(`${data.id}:${input.name}`),
      },
      t,
    );
    order.push("settled");
    expect(order).toEqual(["x:a", "settled"]);
    expect(state).toEqual({ status: "done", error: null, fieldErrors: {}, data: { id: "x" } });
  });

  it("turns a lost connection into the calm generic failure", async () => {
    const { action } = recorder<number>(new Error("fetch failed"));
    expect(await settleForm(action, { name: "a" }, {}, t)).toMatchObject({ status: "failed", error: t("common.errors.generic") });
  });
});

function Probe() {
  const form = useActionForm(async (_: Input): Promise<ActionResult<number>> => ({ ok: true, data: 1 }));
  return (
    <div data-pending={String(form.pending)} data-done={String(form.done)}>
      {form.status}
      <FormError>{form.error}</FormError>
    </div>
  );
}

describe("useActionForm", () => {
  it("starts idle: not pending, no error", () => {
    expect(renderToStaticMarkup(withIntl(<Probe />))).toBe('<div data-pending="false" data-done="false">idle</div>');
  });
});

describe("FormError and FormSuccess", () => {
  it("announce a form's failure at once and its success politely", () => {
    expect(renderToStaticMarkup(<FormError data-testid="e">Wrong</FormError>)).toMatch(
      /^<div role="alert" class="[^"]*" data-testid="e">Wrong<\/div>$/,
    );
    // Boxed: the message stands apart on a background of its own.
    expect(renderToStaticMarkup(<FormError boxed>Wrong</FormError>)).toMatch(
      /^<div role="alert" class="[^"]*bg-red-50[^"]*">Wrong<\/div>$/,
    );
    expect(renderToStaticMarkup(<FormSuccess>Saved.</FormSuccess>)).toMatch(/^<div role="status" class="[^"]*">Saved\.<\/div>$/);
  });

  it("render nothing when there is nothing to say", () => {
    expect(renderToStaticMarkup(<FormError>{null}</FormError>)).toBe("");
    expect(renderToStaticMarkup(<FormError>{""}</FormError>)).toBe("");
    expect(renderToStaticMarkup(<FormSuccess>{false}</FormSuccess>)).toBe("");
  });
});
