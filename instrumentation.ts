// Next.js runs register() once when a server process starts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { warmReportThread } = await import("./lib/server/reports/thread/client");
  warmReportThread();
}
