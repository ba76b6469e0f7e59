// The rater-flow bench's world as setup.ts writes it (world.json in the data dir).

export interface FlowAudit {
  auditId: string;
  items: number;
  /** Each rater's assignments in their own review order (raters in `emails` order). */
  queues: string[][];
}

export interface RaterFlowWorld {
  password: string;
  /** The raters' sign-in emails. */
  emails: string[];
  /** Decision points over full-size EHR histories. */
  mcq: FlowAudit;
  /** Multi-turn conversations over full-size discharge summaries. */
  conversation: FlowAudit;
}
