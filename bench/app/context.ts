import type { World } from "./world";

/** What the app benchmarks share once the server is up and the clinicians are signed in. */
export interface AppContext {
  base: string;
  world: World;
  /** Cookie header per clinician, in world.clinicians order. */
  cookies: string[];
  /** Absolute URLs of the static baselines (the case page's HTML, the two plain records). */
  staticUrls: { case: string; longest: string; short: string };
  /** Set when the static files are not served by the app server itself. */
  staticNote?: string;
  /**
   * CPU time the app server(s) have used so far (ms, user + system, both instances of the pair):
   * read before and after each load, it gives the server's own cost per request, which the load
   * generator on the same two cores does not blur as it blurs latencies.
   */
  serverCpuMs: () => number;
  /** PostgreSQL URL of the servers' database (the pair benchmark); unset: SQLite in the data dir. */
  databaseUrl?: string;
}

export const log = (s: string) => process.stderr.write(`  ${s}\n`);
