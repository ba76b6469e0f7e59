import { FormError } from "../ui/form-error";

/**
 * Every located problem of a rejected import ("file:line: field: message"), capped by the
 * server. The located messages are technical and stay English, like the command line's, except
 * those with a catalog key (an import over its heap cap), which the caller words (`messageOf`);
 * the framing around them comes translated from the caller.
 */
export interface LocatedIssue {
  file: string;
  line?: number;
  record?: number;
  field: string;
  message: string;
  /** A catalog key with its values (lib/formats/issues.ts): worded by `messageOf`. */
  key?: string;
  values?: Record<string, string>;
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
  /** The issue's message in the reader's language; absent: the message as it is. */
  messageOf?: (issue: LocatedIssue) => string;
}

export function LocatedIssues({ issues, testId, heading, recordLabel, more, messageOf }: LocatedIssuesProps) {
  return (
    <FormError boxed className="mt-4 p-3 text-red-900" data-testid={testId}>
      <p className="font-medium">{heading}</p>
      <ul className="mt-2 max-h-64 list-disc space-y-0.5 overflow-auto pl-5 font-mono text-xs">
        {issues.map((i, k) => (
          <li key={k}>
            {i.file}
            {i.line ? `:${i.line}` : i.record !== undefined ? ` ${recordLabel(i.record)}` : ""}: {i.field}:{" "}
            {messageOf ? messageOf(i) : i.message}
          </li>
        ))}
      </ul>
      {more && <p className="mt-1">{more}</p>}
    </FormError>
  );
}
