// Client-safe shapes of the header's notifications (lib/server/notifications/list.ts computes them).
export type NotificationKind = "calibration" | "reopened" | "adjudication" | "message";

export interface NotificationEntry {
  kind: NotificationKind;
  /** When it happened (ISO 8601): the round started, the audit reopened or closed, the message posted. */
  at: string;
  auditId: string;
  auditName: string;
  href: string;
  unread: boolean;
  /** adjudication: the items still waiting for a decision. */
  count?: number;
  /** message: the item's sample order and who wrote. */
  order?: number;
  from?: string;
}

export interface Notifications {
  entries: NotificationEntry[];
  unread: number;
}
