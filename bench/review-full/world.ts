// The review-full bench's world as setup.ts writes it (world.json in the data dir, kept with --keep).

export interface ReviewAudit {
  auditId: string;
  /** Sign-in emails: organizer, adjudicator, raters (r1, r2, r3). */
  emails: { organizer: string; adjudicator: string; raters: string[] };
  items: number;
  assignments: number;
  ratings: number;
  adjudicated: number;
  /** Rater 1's assignment whose case page is measured (the same item in the full and 100-item notes audits). */
  caseAssignment: string;
  caseItemId: string;
  /** Rater 2's assignment of the same item: the bystander's case page. */
  bystanderAssignment: string;
}

export interface ReviewWorld {
  database: "sqlite" | "postgres";
  password: string;
  /** Every conversation of the full notes benchmark × 3 raters. */
  notes: ReviewAudit;
  /** 100 conversations of the same dataset × 3 raters. */
  notes100: ReviewAudit;
  /** Every decision point of the full EHR benchmark × 3 raters. */
  ehr: ReviewAudit;
}
