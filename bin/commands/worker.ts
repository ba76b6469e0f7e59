/**
 * `clinaudit worker`: runs the job queue's work (dataset imports, evaluation reports) on the
 * PostgreSQL database named by DATABASE_URL until SIGINT/SIGTERM; a running job is finished
 * first (up to 30 s, after which it is run again by another worker once it expires).
 */
import { parseDatabaseUrl, redact } from "../../lib/db/target";
import { databaseUrl, loadEnv } from "../../lib/env";
import { startWorker } from "../../lib/server/jobs/worker";

export const WORKER_USAGE = `Usage: clinaudit worker

Runs ClinAudit's background jobs (dataset imports, evaluation reports) from the PostgreSQL
job queue of DATABASE_URL. \`npm start\` runs one beside the web server already (unless
CLINAUDIT_WORKER=0); start more on other machines for more import and report capacity.
Upload files are read from the upload folder (CLINAUDIT_DATA_DIR/uploads): a worker on another
machine needs the same folder (a shared volume). On SQLite there is no worker: jobs run in
the app process.
`;

interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

export async function runWorker(argv: string[], io: Io): Promise<number> {
  if (argv.includes("-h") || argv.includes("--help")) {
    io.stdout(WORKER_USAGE);
    return 0;
  }
  if (argv.length > 0) {
    io.stderr(`clinaudit worker: unexpected argument "${argv[0]}"\n\n${WORKER_USAGE}`);
    return 2;
  }
  const url = databaseUrl(loadEnv(process.env));
  if (parseDatabaseUrl(url).provider !== "postgres") {
    io.stderr("clinaudit worker: DATABASE_URL is not PostgreSQL; on SQLite jobs run in the app process, no worker is needed\n");
    return 2;
  }
  const worker = await startWorker(url);
  io.stdout(`clinaudit worker: running jobs from ${redact(url)} (Ctrl-C to stop)\n`);
  await new Promise<void>((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => resolve());
  });
  io.stdout("clinaudit worker: stopping (finishing the running job)…\n");
  await worker?.stop();
  return 0;
}
