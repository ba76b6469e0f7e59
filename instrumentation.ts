// Next.js runs register() once when a server process starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ warmReportThread }, { enableLatentIntervals }] = await Promise.all([
    import("./lib/server/reports/thread/client"),
    import("./lib/server/reports/latent-interval/client"),
  ]);
  warmReportThread();
  // The dashboards start the latent-class intervals their reports lack, in a background thread.
  enableLatentIntervals();
  // SQLite: uploads import in a thread of this process (lib/server/jobs/import-thread).
  const [{ warmImportThread }, { databaseUrl, env }] = await Promise.all([
    import("./lib/server/jobs/import-thread/client"),
    import("./lib/env"),
  ]);
  warmImportThread(databaseUrl(), env().CLINAUDIT_IMPORT_HEAP_MB);
}
