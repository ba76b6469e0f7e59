/**
 * "2026-11-29 14:02": an interface timestamp in UTC to the minute, the same in every language
 * (import and activity columns). One place, so a later switch to CLINAUDIT_TIME_ZONE is one edit.
 */
export function utcMinute(date: Date): string {
  return date.toISOString().slice(0, 16).replace("T", " ");
}
