// Report options from a URL (the page's choosers and the download links share them).
import type { EvaluationOptions } from "../../evaluation/report-types";
import { WEB_REPLICATES } from "./report";

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function get(params: Params, key: string): string | undefined {
  const v = params instanceof URLSearchParams ? (params.get(key) ?? undefined) : params[key];
  return Array.isArray(v) ? v[0] : v;
}

/** `baseline` (a scope) and `b` (one of WEB_REPLICATES); anything else falls back to the default. */
export function evaluationOptionsFromParams(params: Params): EvaluationOptions {
  const options: EvaluationOptions = {};
  const baseline = get(params, "baseline");
  if (baseline) options.baseline = baseline;
  const b = Number(get(params, "b"));
  if ((WEB_REPLICATES as readonly number[]).includes(b)) options.replicates = b;
  return options;
}

/** The query string for these options ("" for the defaults). */
export function evaluationQuery(options: EvaluationOptions): string {
  const q = new URLSearchParams();
  if (options.baseline) q.set("baseline", options.baseline);
  if (options.replicates) q.set("b", String(options.replicates));
  const s = q.toString();
  return s ? `?${s}` : "";
}
