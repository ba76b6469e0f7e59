import { execFileSync } from "node:child_process";
import fs from "node:fs";

/** Runs the real command line (bin/clinaudit.mjs) and returns its stdout. */
export function clinaudit(args: string[]): string {
  return execFileSync(process.execPath, ["bin/clinaudit.mjs", ...args], { encoding: "utf8" });
}

/** The rows of one dimension of a long ratings CSV, as a CSV file of its own. */
export function dimensionCsv(longCsv: string, dimension: string, file: string): string {
  const [header, ...rows] = longCsv.trimEnd().split("\n");
  fs.writeFileSync(file, [header, ...rows.filter((r) => r.startsWith(`${dimension},`))].join("\n") + "\n");
  return file;
}
