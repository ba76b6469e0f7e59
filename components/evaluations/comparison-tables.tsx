/**
 * Paired differences: each scope against the baseline (on the cases both predicted), and a
 * patient's later decision points against the first; and the multi-turn metrics. Numbers in
 * the formats of the LaTeX export.
 */
import { useFormatter, useTranslations } from "@/lib/i18n/server";
import type { ReactNode } from "react";
import { accuracyPm, boundsPp, MISSING, pct, pValue, signedPp } from "@/lib/evaluation/report-format";
import type { EvaluationReport, ReportNote } from "@/lib/evaluation/report-types";
import { accuracyName, bootstrapName } from "./labels";
import { Card } from "../ui/card";
import { Table } from "../ui/table";

type NotesT = ReturnType<typeof useTranslations<"domain.report">>;

/** A report's note (a code) in the reader's language. */
const noteText = (t: NotesT, note: ReportNote | null): string => (note ? t(note) : MISSING);

const NUM = "text-right tabular-nums";

function Frame({
  title,
  note,
  head,
  testId,
  children,
}: {
  title: string;
  note: string;
  head: string[];
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card as="section">
      <Table variant="report" title={title} note={note} data-testid={testId}>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={`${i}-${h}`} scope="col" className={i < 2 ? "text-left" : NUM}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </Card>
  );
}

export function DeltaTable({ report }: { report: EvaluationReport }) {
  const t = useTranslations("evaluation.deltas");
  const l = useTranslations("evaluation.labels");
  const n = useTranslations("domain.report");
  const format = useFormatter();
  if (report.deltas.length === 0) return null;
  return (
    <Frame
      testId="delta-table"
      title={t("title", { what: accuracyName(l, report), baseline: report.options.baseline })}
      note={t("note", { bootstrap: bootstrapName(l, report) })}
      head={[l("model"), l("scope"), t("n"), t("scopeAccuracy"), t("baselineAccuracy"), t("difference"), t("ci"), t("p")]}
    >
      {report.deltas.map((d) => (
        <tr key={`${d.model}-${d.scope}`} className="border-t border-slate-100">
          <th scope="row" className="text-left font-medium">
            {d.model}
          </th>
          <td>{d.scope}</td>
          <td className={NUM}>{format.number(d.cases)}</td>
          <td className={NUM}>{pct(d.scopeAccuracy)}</td>
          <td className={NUM}>{pct(d.baselineAccuracy)}</td>
          <td className={`${NUM} font-semibold`}>{signedPp(d.difference?.estimate ?? null)}</td>
          <td className={NUM}>{d.difference ? boundsPp(d.difference) : noteText(n, d.note)}</td>
          <td className={NUM}>{pValue(d.pValue)}</td>
        </tr>
      ))}
    </Frame>
  );
}

export function DecisionPointTable({ report }: { report: EvaluationReport }) {
  const t = useTranslations("evaluation.dp");
  const d = useTranslations("evaluation.deltas");
  const l = useTranslations("evaluation.labels");
  const n = useTranslations("domain.report");
  const format = useFormatter();
  if (report.decisionPoints.length === 0) return null;
  return (
    <Frame
      testId="dp-table"
      title={t("title")}
      note={t("note", { bootstrap: bootstrapName(l, report) })}
      head={[l("model"), l("scope"), t("first"), d("n"), t("later"), d("n"), d("difference"), d("ci"), d("p")]}
    >
      {report.decisionPoints.map((p) => (
        <tr key={`${p.model}-${p.scope}`} className="border-t border-slate-100">
          <th scope="row" className="text-left font-medium">
            {p.model}
          </th>
          <td>{p.scope}</td>
          <td className={NUM}>{pct(p.first.accuracy)}</td>
          <td className={NUM}>{format.number(p.first.total)}</td>
          <td className={NUM}>{pct(p.later.accuracy)}</td>
          <td className={NUM}>{format.number(p.later.total)}</td>
          <td className={`${NUM} font-semibold`}>{signedPp(p.difference?.estimate ?? null)}</td>
          <td className={NUM}>{p.difference ? boundsPp(p.difference) : noteText(n, p.note)}</td>
          <td className={NUM}>{pValue(p.pValue)}</td>
        </tr>
      ))}
    </Frame>
  );
}

export function ConversationTable({ report }: { report: EvaluationReport }) {
  const t = useTranslations("evaluation.conversations");
  const l = useTranslations("evaluation.labels");
  if (report.conversations.length === 0) return null;
  return (
    <Frame
      testId="conversation-table"
      title={t("title")}
      note={t("note", { bootstrap: bootstrapName(l, report) })}
      head={[l("model"), l("scope"), t("content"), t("source"), t("paired"), t("sampleMean"), t("allCorrect"), t("cascadeGap")]}
    >
      {report.conversations.map((c) => (
        <tr key={`${c.model}-${c.scope}`} className="border-t border-slate-100">
          <th scope="row" className="text-left font-medium">
            {c.model}
          </th>
          <td>{c.scope}</td>
          <td className={NUM}>{accuracyPm(c.intervals.content)}</td>
          <td className={NUM}>{accuracyPm(c.intervals.source)}</td>
          <td className={`${NUM} font-semibold`}>{accuracyPm(c.intervals.paired)}</td>
          <td className={NUM}>{pct(c.paired.sampleMean)}</td>
          <td className={NUM}>{pct(c.paired.sampleAllCorrect)}</td>
          <td className={NUM}>{signedPp(c.cascade.gap.content)}</td>
        </tr>
      ))}
    </Frame>
  );
}
