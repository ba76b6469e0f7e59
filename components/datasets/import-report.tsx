import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { Table, TBody, THead, Td, Th } from "@/components/ui/table";
import type { ImportReport, ImportReportFile } from "@/lib/formats/import-report";

type T = ReturnType<typeof useTranslations<"datasets.report">>;

const ROLES = ["bundle", "patients", "instances", "notes", "questions", "ehrnoteqa", "discharge", "fhir"] as const;
type Role = (typeof ROLES)[number];
const isRole = (s: string | undefined): s is Role => ROLES.includes(s as Role);

/**
 * The import report as the web shows it (the upload's result and the dataset page): the same
 * model the command line prints (lib/formats/import-report.ts), worded per language. A skip
 * reason kept without a catalog key (reports of earlier versions) is shown in English as it is.
 */
export function ImportReportView({ report, headingless = false }: { report: ImportReport; headingless?: boolean }) {
  const t = useTranslations("datasets.report");
  const format = useFormatter();
  const { totals } = report;
  // Inside a card that has the heading already, a plain block; else a section of its own.
  const Tag = headingless ? "div" : "section";
  return (
    <Tag
      {...(headingless ? {} : { "aria-labelledby": "import-report-heading" })}
      className={headingless ? "" : "mt-4"}
      data-testid="import-file-report"
    >
      {!headingless && (
        <h3 id="import-report-heading" className="text-sm font-semibold text-slate-900">
          {t("heading")}
        </h3>
      )}
      <p className="mt-1 text-sm text-slate-600">{t("intro", { format: report.format })}</p>
      <div className="mt-2">
        <Table caption={t("caption")} framed={false}>
          <THead>
            <tr>
              <Th className="px-3 py-2">{t("columns.file")}</Th>
              <Th className="px-3 py-2">{t("columns.readAs")}</Th>
              <Th className="px-3 py-2" numeric>
                {t("columns.records")}
              </Th>
              <Th className="px-3 py-2">{t("columns.notes")}</Th>
            </tr>
          </THead>
          <TBody>
            {report.files.map((f) => (
              <tr key={f.name} data-testid="import-report-file">
                <Td className="px-3 py-2 font-mono text-xs break-all">{f.name}</Td>
                <Td className="px-3 py-2">{t(`readAs.${isRole(f.readAs) ? f.readAs : "unknown"}`)}</Td>
                <Td className="px-3 py-2" numeric>
                  {format.number(f.records)}
                </Td>
                <Td className="px-3 py-2 text-slate-700">
                  <FileNotes file={f} t={t} />
                </Td>
              </tr>
            ))}
          </TBody>
        </Table>
      </div>
      {report.ignored.length > 0 && (
        <div className="mt-3" data-testid="import-report-ignored">
          <p className="text-sm font-medium text-amber-900">{t("ignoredHeading", { count: report.ignored.length })}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {report.ignored.map((f) => (
              <li key={f.name}>
                {t.rich("ignoredFile", {
                  name: f.name,
                  reason: ignoredReason(f, t),
                  file: (chunks) => <span className="font-mono text-xs break-all">{chunks}</span>,
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="mt-3 text-sm text-slate-700" data-testid="import-report-totals">
        {t("totals", totals)}
      </p>
    </Tag>
  );
}

function FileNotes({ file, t }: { file: ImportReportFile; t: T }) {
  if (file.notes.length === 0 && file.skipped.length === 0) return <span aria-hidden="true">{t("nothingNoted")}</span>;
  return (
    <ul className="space-y-0.5">
      {file.notes.map((n) => (
        <li key={`${n.key}:${n.line}:${JSON.stringify(n.detail)}`}>{t(`tableNotes.${n.key}`, { line: n.line, ...n.detail })}</li>
      ))}
      {file.skipped.map((s) => (
        <li key={`skipped:${s.what}`}>{t("skipped", { count: s.count, what: s.what, reason: skippedReason(s, t) })}</li>
      ))}
    </ul>
  );
}

/** A reason kept before reasons had keys is shown as it was written. */
function skippedReason(s: ImportReportFile["skipped"][number], t: T): string {
  return s.key ? t(`skippedReasons.${s.key}`, { type: "", elements: "", ...s.detail }) : s.reason;
}

function ignoredReason(f: ImportReport["ignored"][number], t: T): string {
  const d = f.detail ?? {};
  switch (f.key) {
    case "empty":
      return t("ignored.empty");
    case "csvHeader":
      return t("ignored.csvHeader", { header: d.header ?? "", format: d.format ?? "" });
    case "content":
      return t("ignored.content", { format: d.format ?? "" });
    default:
      return f.reason;
  }
}
