// What the web process asks the report thread, and what it answers.
import type { CommentRow } from "../../../reports/comments";
import type { KeptLatentInterval, LatentIntervalTask } from "../../../reports/latent-class";
import type { AuditSnapshot, ShownItems, ShownReport } from "../../../reports/types";
import type { TriagedItems } from "../../adjudication/queue";
import type { AuditProgress } from "../../audits/progress";
import type { DisagreementFrame } from "../../triage/disagreement-frame";
import type { KeptDownload } from "../download-files";

/** The little of a snapshot a page needs beside the report (the snapshot itself stays in the thread). */
export interface AuditHead {
  audit: AuditSnapshot["audit"];
  rubric: AuditSnapshot["rubric"];
  raters: AuditSnapshot["raters"];
  itemCount: number;
}

/** The dashboard's: the report as the web process keeps it (ShownReport: per-item summaries cut). */
export interface HeadAndReport {
  head: AuditHead;
  report: ShownReport;
  items: ShownItems;
}

/**
 * Every request names the database (its URL), the audit and the version of its inputs it was read
 * at; downloads add `extras`, the stamp of what they read beside the report (extras-version.ts).
 */
interface Target {
  url: string;
  auditId: string;
  version: string;
}

/** HeadAndReport as the thread sends it (pieces.ts): each piece in the structured clone's format (node:v8). */
export interface ReportPieces {
  head: HeadAndReport["head"];
  /** The report without its dimensions. */
  rest: Uint8Array;
  /** Each dimension's report (a full review's largest is a few hundred KB). */
  dimensions: Uint8Array[];
  /** Where `dimensions` stood among the report's keys: the report comes back in its own order. */
  at: number;
  /** ShownItems: a few typed arrays and the item ids. */
  items: Uint8Array;
}

export type ThreadRequest =
  | { op: "ping" }
  | ({ op: "report" } & Target)
  | ({ op: "export"; file: string; extras: string } & Target)
  | ({ op: "package"; scriptsDir?: string; extras: string } & Target)
  | ({ op: "adjudication" } & Target)
  | ({ op: "progress" } & Target)
  /** Every rater's comment, labelled as `head` labels raters (audit-comments.ts). */
  | ({ op: "comments"; head: Pick<AuditHead, "audit" | "raters" | "rubric"> } & Target)
  /** The latent-class interval tasks of the audit as of its current ratings (the interval thread's, relayed). */
  | { op: "intervalTasks"; url: string; auditId: string }
  /** Whether the audit's dimension has an interval kept for these inputs (the interval thread's, relayed). */
  | { op: "hasInterval"; url: string; auditId: string; dimension: string; inputs: string }
  /** Keeps an interval the interval thread computed (relayed). */
  | { op: "saveInterval"; url: string; auditId: string; kept: KeptLatentInterval; computeMs: number }
  /** A prediction set's model disagreement per item of its dataset (the set never changes). */
  | { op: "disagreement"; url: string; datasetId: string; setId: string };

export interface ThreadAnswers {
  /** The answering thread's id. */
  ping: number;
  /** HeadAndReport in pieces (pieces.ts), taken in one per turn of the web process's event loop. */
  report: ReportPieces | null;
  /** A download kept on disk (download-files.ts), or its bytes when the disk refused it. */
  export: KeptDownload | null;
  package: KeptDownload | null;
  /** The adjudication list's triage of every sampled item (adjudications are overlaid in the web process). */
  adjudication: TriagedItems | null;
  progress: AuditProgress | null;
  comments: CommentRow[];
  disagreement: DisagreementFrame | null;
  intervalTasks: LatentIntervalTask[] | null;
  hasInterval: boolean;
  saveInterval: null;
}

export type ThreadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };
