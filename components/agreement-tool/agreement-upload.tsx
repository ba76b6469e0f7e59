"use client";
import { useTranslations } from "@/lib/i18n/client";
import { type FormEvent, useState } from "react";
import type { AgreementToolRefusal, AgreementToolResult } from "@/lib/server/agreement/tool-result";
import { formatBytes } from "@/lib/server/uploads/format-bytes";
import { SentProgress } from "../import/upload-progress";
import { sendUpload } from "../import/upload-request";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";
import { AgreementRefusal, AgreementResult } from "./agreement-result";

type Answer = { result: AgreementToolResult } | { refusal: AgreementToolRefusal } | { status: number } | { network: true };

/** One ratings file → its agreement report (POST /api/agreement), shown below the form. */
export function AgreementUpload({ maxBytes }: { maxBytes: number }) {
  const t = useTranslations("audits.agreementTool");
  // null: idle; a number: the fraction sent; "checking": sent, the server reads and computes.
  const [sent, setSent] = useState<number | "checking" | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const busy = sent !== null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get("file");
    setAnswer(null);
    if (file instanceof File && file.size > maxBytes) return setAnswer({ refusal: { refused: "tooLarge", limit: maxBytes } });
    setSent(0);
    sendUpload("/api/agreement", data, {
      onSent: (loaded, total) => setSent(loaded / total),
      onSentAll: () => setSent("checking"),
      onServer: () => undefined,
      onDone: (status, body) => {
        setSent(null);
        if (status === 200 && body && typeof body === "object") setAnswer({ result: body as AgreementToolResult });
        else if (body && typeof body === "object" && "refused" in body) setAnswer({ refusal: body as AgreementToolRefusal });
        else setAnswer({ status });
      },
      onNetworkError: () => {
        setSent(null);
        setAnswer({ network: true });
      },
    });
  }

  return (
    <div className="space-y-6">
      <Card as="section" aria-labelledby="agreement-upload-heading" padding="md" raised>
        <CardTitle id="agreement-upload-heading">{t("file")}</CardTitle>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
        <form onSubmit={onSubmit} className="mt-4 flex flex-wrap items-end gap-4">
          <div className="space-y-1">
            <label htmlFor="ratings-file" className="block text-sm font-medium text-slate-800">
              {t("file")}
            </label>
            <input
              id="ratings-file"
              name="file"
              type="file"
              required
              accept=".csv,.tsv,.txt,.json"
              aria-describedby="ratings-file-hint"
              className="block w-full text-sm"
              disabled={busy}
            />
            <p id="ratings-file-hint" className="text-xs text-slate-600">
              {t("fileHint", { limit: formatBytes(maxBytes) })}
            </p>
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? t("submitting") : t("submit")}
          </Button>
        </form>
        {sent !== null && <SentProgress sent={sent} words="audits.agreementTool" />}
        {answer && !("result" in answer) && (
          <AgreementRefusal
            refusal={"refusal" in answer ? answer.refusal : null}
            fallback={"status" in answer ? t("refused.status", { status: answer.status }) : t("refused.network")}
          />
        )}
      </Card>
      {answer && "result" in answer && <AgreementResult result={answer.result} />}
    </div>
  );
}
