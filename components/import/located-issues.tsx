import { useTranslations } from "@/lib/i18n/client";
import type { DomainCode, DomainValues } from "@/lib/i18n/domain";
import { FormError } from "../ui/form-error";

/**
 * Every located problem of a rejected import ("file:line: field: message"), capped by the
 * server. Each says what is wrong as a domain code (lib/formats/issues.ts), worded here in the
 * reader's language; one without a code (a report kept before codes) shows its English. The
 * framing around them comes translated from the caller.
 */
export interface LocatedIssue {
  file: string;
  line?: number;
  record?: number;
  field: string;
  message: string;
  code?: DomainCode;
  values?: DomainValues;
}

export interface LocatedIssuesProps {
  issues: LocatedIssue[];
  testId: string;
  /** "Import rejected: N problems. Nothing was written." */
  heading: string;
  /** "record N", for issues without a line. */
  recordLabel: (record: number) => string;
  /** "… and N more." when the list was capped, else null. */
  more: string | null;
}

export function LocatedIssues({ issues, testId, heading, recordLabel, more }: LocatedIssuesProps) {
  const t = useTranslations("domain");
  return (
    <FormError boxed className="mt-4 p-3 text-red-900" data-testid={testId}>
      <p className="font-medium">{heading}</p>
      <ul className="mt-2 max-h-64 list-disc space-y-0.5 overflow-auto pl-5 font-mono text-xs">
        {issues.map((i, k) => (
          <li key={k}>
            {i.file}
            {i.line ? `:${i.line}` : i.record !== undefined ? ` ${recordLabel(i.record)}` : ""}: {i.field}:{" "}
            {i.code ? t(i.code, i.values) : i.message}
          </li>
        ))}
      </ul>
      {more && <p className="mt-1">{more}</p>}
    </FormError>
  );
}
