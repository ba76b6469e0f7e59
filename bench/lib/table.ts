// The one table `npm run bench` prints: benchmark | measured | baseline | ratio | target | met?

export interface BenchRow {
  /** Stable id for bench/results/*.json, e.g. "case.p95". */
  key: string;
  benchmark: string;
  measured: string;
  baseline: string;
  /** measured / baseline of the quoted figure; null when there is no baseline ratio. */
  ratio: number | null;
  target: string;
  /** null: no target for this row (or it could not be measured). */
  met: boolean | null;
  /** The raw numbers behind the row (ms, MB, counts), for the JSON file. */
  values: Record<string, number>;
  note?: string;
}

/** A row for a benchmark that could not run: the table still prints, and says why. */
export function failedRow(key: string, benchmark: string, target: string, error: unknown): BenchRow {
  const message = error instanceof Error ? error.message : String(error);
  return {
    key,
    benchmark,
    measured: "not measured",
    baseline: "—",
    ratio: null,
    target,
    met: null,
    values: {},
    note: `error: ${message.split("\n")[0]}`,
  };
}

export function formatRatio(ratio: number | null): string {
  if (ratio === null || !Number.isFinite(ratio)) return "—";
  return `${ratio >= 100 ? ratio.toFixed(0) : ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}×`;
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "—";
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return `${ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2)} ms`;
}

/** "p50 … · p95 …" of a latency summary. */
export function formatLatencies(s: { p50: number; p95: number }): string {
  return `p50 ${formatMs(s.p50)} · p95 ${formatMs(s.p95)}`;
}

/** " (CPU …)": a server's CPU time per request, after a latency; nothing when it was not read. */
export function formatCpu(ms: number): string {
  return Number.isFinite(ms) ? ` (CPU ${formatMs(ms)})` : "";
}

const HEADER = ["benchmark", "measured", "baseline", "ratio", "target", "met?"];

function cells(row: BenchRow): string[] {
  const met = row.met === null ? "—" : row.met ? "yes" : "NO";
  return [row.benchmark, row.measured, row.baseline, formatRatio(row.ratio), row.target, met];
}

/** The rows as an aligned text table, followed by the rows' notes (numbered). */
export function formatTable(rows: readonly BenchRow[]): string {
  const body = rows.map((r, i) => {
    const c = cells(r);
    if (r.note) c[0] = `${c[0]} [${rows.slice(0, i + 1).filter((x) => x.note).length}]`;
    return c;
  });
  const widths = HEADER.map((h, col) => Math.max(h.length, ...body.map((c) => (c[col] as string).length)));
  const line = (c: string[]) =>
    c
      .map((x, col) => x.padEnd(widths[col] as number))
      .join(" | ")
      .trimEnd();
  const out = [line(HEADER), widths.map((w) => "-".repeat(w)).join("-|-"), ...body.map(line)];
  const notes = rows.filter((r) => r.note);
  if (notes.length) out.push("", ...notes.map((r, i) => `[${i + 1}] ${r.note}`));
  return out.join("\n");
}
