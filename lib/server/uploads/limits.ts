import "server-only";
import path from "node:path";
import { env } from "../../env";

/** Where uploads are written while they are imported: the data folder (a disk), not /tmp (often memory). */
export function uploadRoot(): string {
  return path.resolve(env().CLINAUDIT_DATA_DIR, "uploads");
}

/** The dataset upload cap (CLINAUDIT_MAX_UPLOAD). */
export function maxUpload(): number {
  return env().CLINAUDIT_MAX_UPLOAD;
}

/**
 * Prediction files are short rows and are parsed in memory (lib/server/evaluations), so they
 * keep their own, smaller bound.
 */
export function maxPredictionUpload(): number {
  return Math.min(maxUpload(), 64 * 1024 * 1024);
}
