// Table rows of bench/import-pg.ts --json: the PostgreSQL import beside a raw COPY of the same rows.
import type { ImportResult } from "./child-json";
import { formatMs, type BenchRow } from "./table";

export function pgImportRows(r: ImportResult, runs: number, input: string): BenchRow[] {
  const mb = (x: number) => `${x.toFixed(0)} MB`;
  return [
    {
      key: "import-pg.wall",
      benchmark: `PostgreSQL import, ${input} (${r.rows.toLocaleString("en")} rows)`,
      measured: formatMs(r.import.wallMs),
      baseline: `raw COPY ${formatMs(r.baseline.wallMs)}`,
      ratio: r.ratio,
      target: "≤ 2× raw COPY",
      met: r.ratio <= 2,
      values: { importMs: r.import.wallMs, baselineMs: r.baseline.wallMs, rows: r.rows, runs },
      note: `bench/import-pg.ts --json, medians of ${runs} run(s), each in a fresh child process and a fresh migrated database: importDataset as \`clinaudit import\` calls it (checksum, validation, then COPY on its transaction) vs the same rows, encoded beforehand into COPY text files, loaded with pg-copy-streams in one transaction.`,
    },
    {
      key: "import-pg.rss",
      benchmark: "PostgreSQL import peak memory (RSS)",
      measured: mb(r.import.peakRssMb),
      baseline: `raw COPY ${mb(r.baseline.peakRssMb)}`,
      ratio: r.import.peakRssMb / r.baseline.peakRssMb,
      target: "≤ 500 MB",
      met: r.import.peakRssMb <= 500,
      values: { importMb: r.import.peakRssMb, baselineMb: r.baseline.peakRssMb },
    },
  ];
}
