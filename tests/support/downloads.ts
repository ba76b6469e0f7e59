// The content of a kept download (lib/server/reports/download-files.ts), as a route would send it.
import fs from "node:fs";
import type { KeptDownload } from "@/lib/server/reports/download-files";

export async function downloadBytes(download: KeptDownload): Promise<Buffer> {
  return "path" in download ? fs.promises.readFile(download.path) : Buffer.from(download.bytes);
}

export async function downloadText(download: KeptDownload | null): Promise<string | null> {
  return download && (await downloadBytes(download)).toString("utf8");
}
