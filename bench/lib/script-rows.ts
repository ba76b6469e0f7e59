// Table rows of the benchmarks that run as scripts of their own (bench/agreement.ts,
// bench/bootstrap.ts, bench/import.ts --json).
import type { AgreementResult, BootstrapResult, FhirImportResult, ImportResult } from "./child-json";
import { formatMs, type BenchRow } from "./table";

export function agreementRows(r: AgreementResult): BenchRow[] {
  return r.sizes.map((s) => ({
    key: `agreement.${s.items}x${s.raters}`,
    benchmark: `agreement report, ${s.items.toLocaleString("en")} items × ${s.raters} raters`,
    measured: formatMs(s.reportMs),
    baseline: `tally only ${formatMs(s.baselineMs)}`,
    ratio: s.reportMs / s.baselineMs,
    target: "—",
    met: null,
    values: { reportMs: s.reportMs, baselineMs: s.baselineMs, ratings: s.ratings, runs: s.runs },
  }));
}

export function bootstrapRow(r: BootstrapResult): BenchRow {
  return {
    key: "bootstrap",
    benchmark: `cluster bootstrap, B = ${r.replicates.toLocaleString("en")}, ${r.cases.toLocaleString("en")} cases / ${r.patients} patients`,
    measured: formatMs(r.clusteredMs),
    baseline: `plain loop, ${((r.cases * r.replicates) / 1e6).toFixed(0)}M draws ${formatMs(r.plainLoopMs)}`,
    ratio: r.clusteredMs / r.plainLoopMs,
    target: "—",
    met: null,
    values: { clusteredMs: r.clusteredMs, plainLoopMs: r.plainLoopMs, caseBootstrapMs: r.caseBootstrapMs, runs: r.runs },
    note: `median of ${r.runs} run(s) after a warm-up; ordinary case bootstrap ${formatMs(r.caseBootstrapMs)}; replicates bit-for-bit repeatable: ${r.repeatable}.`,
  };
}

/** The JSONL import's rows, or the bundle import's (`r.layout`): the same rows from one JSON bundle. */
export function importRows(r: ImportResult, runs: number, input: string): BenchRow[] {
  const mb = (x: number) => `${x.toFixed(0)} MB`;
  const bundle = r.layout === "bundle";
  const key = bundle ? "bundle-import" : "import";
  return [
    {
      key: `${key}.wall`,
      benchmark: `${bundle ? "bundle import" : "import"}, ${input} (${r.rows.toLocaleString("en")} rows)`,
      measured: formatMs(r.import.wallMs),
      baseline: `raw better-sqlite3 ${formatMs(r.baseline.wallMs)}`,
      ratio: r.ratio,
      target: "≤ 2× raw load",
      met: r.ratio <= 2,
      values: { importMs: r.import.wallMs, baselineMs: r.baseline.wallMs, rows: r.rows, runs },
      note: `bench/import.ts --json${bundle ? " --layout bundle" : ""}, medians of ${runs} run(s): importDataset as \`clinaudit import\` calls it${bundle ? " on one JSON bundle of the JSONL pair's records" : ""} vs the same rows inserted with raw better-sqlite3 statements in one transaction (from the JSONL pair), each in a fresh child process and SQLite file.`,
    },
    {
      key: `${key}.rss`,
      benchmark: `${bundle ? "bundle import" : "import"} peak memory (RSS)`,
      measured: mb(r.import.peakRssMb),
      baseline: `raw load ${mb(r.baseline.peakRssMb)}`,
      ratio: r.import.peakRssMb / r.baseline.peakRssMb,
      target: bundle ? "≤ 500 MB" : "—",
      met: bundle ? r.import.peakRssMb <= 500 : null,
      values: { importMb: r.import.peakRssMb, baselineMb: r.baseline.peakRssMb },
    },
  ];
}

/** bench/fhir-import.ts: FHIR R4 NDJSON beside the JSONL pair of the same histories. */
export function fhirImportRows(r: FhirImportResult): BenchRow[] {
  const mb = (x: number) => `${x.toFixed(0)} MB`;
  const note = `bench/fhir-import.ts --json: importDataset on FHIR R4 NDJSON (${r.inputMb.fhir} MB, one file per resource type) vs the JSONL pair (${r.inputMb.jsonl} MB) of the same generated histories, each in a fresh child process and SQLite file; the FHIR time includes loading and compiling the R4 schema (${formatMs(r.fhir.compileMs)}).`;
  return [
    { key: "fhir-import.wall", benchmark: `FHIR NDJSON import (${r.rows.toLocaleString("en")} rows)`, measured: formatMs(r.fhir.wallMs), baseline: `JSONL import ${formatMs(r.jsonl.wallMs)}`, ratio: r.ratio, target: "—", met: null, values: { fhirMs: r.fhir.wallMs, jsonlMs: r.jsonl.wallMs, compileMs: r.fhir.compileMs, rows: r.rows }, note },
    { key: "fhir-import.rss", benchmark: "FHIR NDJSON import peak memory (RSS)", measured: mb(r.fhir.peakRssMb), baseline: `JSONL import ${mb(r.jsonl.peakRssMb)}`, ratio: r.fhir.peakRssMb / r.jsonl.peakRssMb, target: "≤ 500 MB", met: r.fhir.peakRssMb <= 500, values: { fhirMb: r.fhir.peakRssMb, jsonlMb: r.jsonl.peakRssMb } },
  ];
}
