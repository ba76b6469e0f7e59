// The order in which an audit's raters are labelled R1…Rn in every report, export and
// adjudication view. By default it is the order of account creation (ties by user id); an audit
// may carry an explicit order (`Audit.raterOrder`, set by a restore), which then comes first.

export interface RaterAccount {
  userId: string;
  createdAt: Date;
}

/** Stored `raterOrder` JSON as a list of user ids; anything else counts as no order. */
export function storedRaterOrder(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((v) => typeof v === "string") ? (value as string[]) : null;
}

/**
 * User ids in label order: those named in `stored` first, in that order, then the others by
 * account creation and id. Each user appears once; names in `stored` without an account here
 * are skipped.
 */
export function orderRaters(accounts: readonly RaterAccount[], stored: readonly string[] | null = null): string[] {
  const byId = new Map(accounts.map((a) => [a.userId, a] as const));
  const listed = [...new Set(stored ?? [])].filter((id) => byId.has(id));
  const rest = [...byId.values()]
    .filter((a) => !listed.includes(a.userId))
    .sort((a, b) => +a.createdAt - +b.createdAt || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))
    .map((a) => a.userId);
  return [...listed, ...rest];
}
