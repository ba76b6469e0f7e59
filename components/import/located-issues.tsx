/** Every located problem of a rejected import ("file:line: field: message"), capped by the server. */
export interface LocatedIssue {
  file: string;
  line?: number;
  record?: number;
  field: string;
  message: string;
}

export function LocatedIssues({ issues, total, testId }: { issues: LocatedIssue[]; total: number; testId: string }) {
  return (
    <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid={testId}>
      <p className="font-medium">Import rejected: {total} problem{total === 1 ? "" : "s"}. Nothing was written.</p>
      <ul className="mt-2 max-h-64 list-disc space-y-0.5 overflow-auto pl-5 font-mono text-xs">
        {issues.map((i, k) => (
          <li key={k}>
            {i.file}{i.line ? `:${i.line}` : i.record !== undefined ? ` record ${i.record}` : ""}: {i.field}: {i.message}
          </li>
        ))}
      </ul>
      {total > issues.length && <p className="mt-1">… and {total - issues.length} more.</p>}
    </div>
  );
}
