// What a PostgreSQL job worker (pg-queue.ts) and its heartbeat thread (entry.ts) say to each other.

/**
 * A heartbeat: the job expires `lease` seconds from now, never later than its kind's cap from its
 * start. pg-boss expires a job when started_on + expire_in < now() (plans.js, failJobsByTimeout).
 * Parameters: kind, job id, lease seconds, cap seconds.
 */
export const BEAT = `UPDATE pgboss.job
  SET expire_in = LEAST(now() - started_on + make_interval(secs => $3), make_interval(secs => $4))
  WHERE name = $1 AND id = $2 AND state = 'active'`;

export interface HeartbeatThreadData {
  url: string;
  /** Seconds a job stays alive after a beat. */
  leaseSeconds: number;
  /** Milliseconds between beats. */
  intervalMs: number;
}

/** To the thread: a job started (beat now, then every interval) or ended (stop beating it). */
export type HeartbeatCommand = { type: "begin"; kind: string; id: string; capSeconds: number } | { type: "end"; id: string };

/** From the thread: it is connected, or a job's first beat was written (or failed, logged). */
export type HeartbeatReply = { type: "ready" } | { type: "begun"; id: string };
