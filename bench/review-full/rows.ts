// Pure parts of the review-full bench: what a page links to, what /proc says, and the rows
// (measured beside a baseline of the same run; `met?` computed from the ratio and the failures).
import { median, percentile } from "../lib/stats";
import { formatCpu, formatMs, type BenchRow } from "../lib/table";

/** Requests of one kind, one at a time: latencies, the server's CPU per request, the last body's size. */
export interface Series {
  ms: number[];
  cpuMs: number[];
  bytes: number;
  /** Answers that were not 200 or not what the page should hold. */
  errors: number;
}

export const emptySeries = (): Series => ({ ms: [], cpuMs: [], bytes: 0, errors: 0 });

/** The export files a dashboard links to (`/api/audits/<id>/export/<file>`), once each, in page order. */
export function exportLinks(html: string, auditId: string): string[] {
  const prefix = `/api/audits/${auditId}/export/`;
  const files: string[] = [];
  for (const m of html.matchAll(/href="([^"]+)"/g)) {
    const href = m[1]!.replaceAll("&amp;", "&");
    if (!href.startsWith(prefix)) continue;
    const file = decodeURIComponent(href.slice(prefix.length).split(/[?#]/)[0]!);
    if (file && !files.includes(file)) files.push(file);
  }
  return files;
}

/**
 * Peak resident set (VmHWM) of a /proc/<pid>/status text, in MB (10^6 bytes, as formatBytes shows
 * it and the target reads; /proc counts in units of 1,024 bytes); NaN when absent.
 */
export function peakRssMb(status: string): number {
  const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kb === undefined ? Number.NaN : (Number(kb) * 1024) / 1e6;
}

export function formatBytes(n: number): string {
  if (!(n > 0)) return "0 B";
  if (n >= 1e6) return `${(n / 1e6).toFixed(n >= 1e7 ? 0 : 1)} MB`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(0)} KB`;
  return `${n} B`;
}

/** Mean CPU per request (the /proc ticks are 10 ms: a median of per-request deltas would be mostly 0 or 10). */
const cpuPer = (s: Series) => (s.cpuMs.length ? s.cpuMs.reduce((a, b) => a + b, 0) / s.cpuMs.length : Number.NaN);

/** "median (CPU …), size" of a series. */
export function describeSeries(s: Series, withBytes = true): string {
  return `${formatMs(median(s.ms))}${formatCpu(cpuPer(s))}${withBytes && s.bytes ? `, ${formatBytes(s.bytes)}` : ""}`;
}

export interface BesideRow {
  key: string;
  benchmark: string;
  subject: Series;
  baseline: Series;
  /** What the baseline is, e.g. "/account". */
  baselineLabel: string;
  /** met when median ÷ baseline median ≤ limit and nothing failed. */
  limit: number;
  target: string;
  note?: string;
}

/** A row measured beside its baseline in the same run: ratio of the medians of server time. */
export function besideRow(o: BesideRow): BenchRow {
  const m = median(o.subject.ms);
  const b = median(o.baseline.ms);
  const ratio = m / b;
  const errors = o.subject.errors + o.baseline.errors;
  const failed = errors > 0 ? `; ${errors} failed or wrong answers` : "";
  return {
    key: o.key,
    benchmark: o.benchmark,
    measured: describeSeries(o.subject),
    baseline: `${o.baselineLabel} ${describeSeries(o.baseline, false)}`,
    ratio,
    target: o.target,
    met: Number.isFinite(ratio) ? errors === 0 && ratio <= o.limit : null,
    values: {
      medianMs: m,
      baselineMedianMs: b,
      cpuMs: cpuPer(o.subject),
      baselineCpuMs: cpuPer(o.baseline),
      bytes: o.subject.bytes,
      samples: o.subject.ms.length,
      errors,
    },
    ...(o.note || failed ? { note: `${o.note ?? ""}${failed}`.replace(/^; /, "") } : {}),
  };
}

/** Latency under load beside idle: p95 against p95. */
export function p95Row(o: Omit<BesideRow, "baselineLabel">): BenchRow {
  const m = percentile(o.subject.ms, 95);
  const b = percentile(o.baseline.ms, 95);
  const ratio = m / b;
  const errors = o.subject.errors + o.baseline.errors;
  return {
    key: o.key,
    benchmark: o.benchmark,
    measured: `p50 ${formatMs(median(o.subject.ms))} · p95 ${formatMs(m)}${formatCpu(cpuPer(o.subject))}`,
    baseline: `idle p50 ${formatMs(median(o.baseline.ms))} · p95 ${formatMs(b)}`,
    ratio,
    target: o.target,
    met: Number.isFinite(ratio) ? errors === 0 && ratio <= o.limit : null,
    values: { p95Ms: m, idleP95Ms: b, samples: o.subject.ms.length, idleSamples: o.baseline.ms.length, errors },
    ...(o.note ? { note: o.note } : {}),
  };
}
