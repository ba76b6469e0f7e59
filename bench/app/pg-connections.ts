// The database connections of the two-instance pair (bench/app/run-pair.ts), sampled while it runs.
import pg from "pg";
import type { BenchRow } from "../lib/table";

/**
 * Samples the connections open to the pair's database every 250 ms (pg_stat_activity, by
 * application name: the pools' connections carry none, the queue's say clinaudit-jobs…) until
 * stopped: the figure `max_connections` is sized from (docs/deployment.md).
 */
export function sampleConnections(adminUrl: string, database: string): { stop(): Promise<BenchRow> } {
  const client = new pg.Client({ connectionString: adminUrl, application_name: "bench-sampler" });
  let peak = 0;
  let peakBy: Record<string, number> = {};
  let samples = 0;
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query(
        `SELECT coalesce(nullif(application_name, ''), 'app pool') AS app, count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 GROUP BY 1`,
        [database],
      );
      const by = Object.fromEntries(rows.map((r: { app: string; n: number }) => [r.app, r.n]));
      const total = rows.reduce((t: number, r: { n: number }) => t + r.n, 0);
      samples++;
      if (total > peak) [peak, peakBy] = [total, by];
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop.catch(() => {});
      await client.end().catch(() => {});
      return {
        key: "pair.connections",
        benchmark: "database connections of the 2 instances, peak (case and save rows)",
        measured: `${peak} (${Object.entries(peakBy)
          .map(([k, n]) => `${k} ${n}`)
          .join(", ")})`,
        baseline: `${samples} samples, every 250 ms`,
        ratio: null,
        target: "—",
        met: null,
        values: { peak, samples, ...peakBy },
      };
    },
  };
}
