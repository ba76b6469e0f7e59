// Next.js runs register() once when a server process starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ warmReportThread }, { enableLatentIntervals }, { env }] = await Promise.all([
    import("./lib/server/reports/thread/client"),
    import("./lib/server/reports/latent-interval/client"),
    import("./lib/env"),
  ]);
  warmReportThread();
  // The dashboards start the latent-class intervals their reports lack, in a background thread.
  enableLatentIntervals(true, { quietMs: env().CLINAUDIT_INTERVAL_QUIET_SECONDS * 1000 });
  // SQLite: uploads import in a thread of this process, started as each upload begins
  // (lib/server/jobs/import-thread), not kept idle here.
}
