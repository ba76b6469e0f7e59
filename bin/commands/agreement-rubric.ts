/**
 * The rubric of a reproducibility package, for `clinaudit agreement` on the package's own
 * ratings-long.csv or ratings-wide-<dimension>.csv: audit.json beside them declares each dimension's
 * categories and tie category, so the CLI gives the dashboard's numbers without options.
 */
import path from "node:path";
import type { RubricDimension } from "../../lib/agreement/files/analyse";

const PACKAGE_FILE = /^ratings-(long|wide-.+)\.csv$/i;

/** The rubric by dimension key from audit.json beside a package ratings file, or null (none, or not a package file). */
export async function packageRubric(
  file: string,
  readFile: (p: string) => Promise<string>,
): Promise<{ source: string; rubric: Map<string, RubricDimension> } | null> {
  if (!PACKAGE_FILE.test(path.basename(file))) return null;
  const source = path.join(path.dirname(file), "audit.json");
  let json: unknown;
  try {
    json = JSON.parse(await readFile(source));
  } catch {
    return null; // no package metadata beside the file: the categories come from the data
  }
  const dims = (json as { rubric?: unknown }).rubric;
  if (!Array.isArray(dims)) return null;
  const rubric = new Map<string, RubricDimension>();
  for (const d of dims as { key?: unknown; categories?: { key?: unknown }[]; tieCategory?: unknown }[]) {
    const categories = (d.categories ?? []).map((c) => c.key).filter((k): k is string => typeof k === "string");
    if (typeof d.key !== "string" || categories.length === 0) continue;
    rubric.set(d.key, { categories, tieCategory: typeof d.tieCategory === "string" ? d.tieCategory : null });
  }
  return rubric.size > 0 ? { source, rubric } : null;
}
