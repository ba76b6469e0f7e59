// Table rows of the benchmarks that run as scripts of their own (bench/agreement.ts,
// bench/bootstrap.ts, bench/import.ts --json).
import type { AgreementResult, BootstrapResult, FhirImportResult, ImportResult } from "./child-json";
import { formatMs, type BenchRow } from "./table";

export function agreementRows(r: AgreementResult): BenchRow[] {
  const rows: BenchRow[] = r.sizes.map((s) => ({
    key: `agreement.${s.items}x${s.raters}`,
    benchmark: `agreement report, ${s.items.toLocaleString("en")} items × ${s.raters} raters`,
    measured: formatMs(s.reportMs),
    baseline: `tally only ${formatMs(s.baselineMs)}`,
    ratio: s.reportMs / s.baselineMs,
    target: s.items === 100_000 ? "≤ 3× the tally" : "—",
    met: s.items === 100_000 ? s.reportMs <= 3 * s.baselineMs : null,
    values: { reportMs: s.reportMs, baselineMs: s.baselineMs, ratings: s.ratings, runs: s.runs },
  }));
  const a = r.ac1;
  if (a) {
    const irrcac = a.irrcacMs ?? a.irrcacRecordedMs;
    rows.push({
      key: `agreement.ac1.${a.items}x${a.raters}`,
      benchmark: `AC1 + SE + CI alone, ${a.items.toLocaleString("en")} items × ${a.raters} raters`,
      measured: formatMs(a.ac1Ms),
      baseline:
        a.irrcacMs !== null
          ? `irrCAC 1.0 ${formatMs(a.irrcacMs)}`
          : `irrCAC 1.0 ${formatMs(a.irrcacRecordedMs)} (recorded in issue 17, not this run)`,
      ratio: a.ac1Ms / irrcac,
      target: "≥ 5× faster than irrCAC",
      met: a.ac1Ms * 5 <= irrcac,
      values: { ac1Ms: a.ac1Ms, irrcacMs: irrcac, runs: a.runs },
      ...(a.irrcacMissing && { note: `irrCAC not measured in this run: ${a.irrcacMissing}.` }),
    });
  }
  return rows;
}

/** One bootstrap and the whole report (engine 2), each beside NumPy measured in the same run. */
export function bootstrapRows(r: BootstrapResult): BenchRow[] {
  const np = r.numpy;
  const missing = `NumPy not measured: ${r.numpyMissing ?? "unknown reason"}`;
  const size = `B = ${r.replicates.toLocaleString("en")}, ${r.cases.toLocaleString("en")} cases / ${r.patients} patients`;
  return [
    {
      key: "bootstrap",
      benchmark: `one clustered bootstrap, ${size}`,
      measured: formatMs(r.sharedMs),
      baseline: np ? `numpy ${np.version} ${formatMs(np.oneMs)}` : missing,
      ratio: np ? r.sharedMs / np.oneMs : null,
      target: "≤ numpy",
      met: np ? r.sharedMs <= np.oneMs : null,
      values: { sharedMs: r.sharedMs, engine1Ms: r.engine1Ms, ...(np && { numpyMs: np.oneMs }), runs: r.runs },
      note: `medians of ${r.runs} run(s) after a warm-up; engine 2 (PRNG spec v2 draws, packed sums); engine 1 (spec v1, as before) ${formatMs(r.engine1Ms)}; NumPy: B × P index matrix, fancy-indexed sums; replicates bit-for-bit repeatable: ${r.repeatable}.`,
    },
    {
      key: "bootstrap.report",
      benchmark: `whole evaluation report, ${r.pairs} pairs, B = ${r.replicates.toLocaleString("en")}`,
      measured: formatMs(r.reportMs),
      baseline: np ? `numpy, shared draws ${formatMs(np.reportMs)}` : missing,
      ratio: np ? r.reportMs / np.reportMs : null,
      target: "≤ numpy shared",
      met: np ? r.reportMs <= np.reportMs : null,
      values: {
        reportMs: r.reportMs,
        ...(r.reportEngine1Ms !== null && { reportEngine1Ms: r.reportEngine1Ms }),
        ...(np && { numpyMs: np.reportMs }),
      },
      note: `engine 2: one set of patient draws for every statistic (accuracy, DP1 vs DP2+, chapters, levels, paired deltas); NumPy: one B × P count matrix times the per-patient sums of every statistic (bench/baselines/bootstrap_numpy.py)${r.reportEngine1Ms !== null ? `; engine 1 ${formatMs(r.reportEngine1Ms)}` : ""}.`,
    },
  ];
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
  const how =
    r.mode === undefined || r.mode === "in-process"
      ? "importDataset in the child's own thread, uncapped"
      : `as clinaudit import runs it${r.mode.queue ? " (through the in-process job queue, as an upload on SQLite)" : ""}: in an import thread with a ${r.mode.threadHeapMb} MB heap cap, the peak RSS the whole process's`;
  const compile = r.fhir.compileMs > 0 ? ` (${formatMs(r.fhir.compileMs)})` : ", in the import thread";
  const note = `bench/fhir-import.ts --json: ${how}; FHIR R4 NDJSON (${r.inputMb.fhir} MB, one file per resource type) vs the JSONL pair (${r.inputMb.jsonl} MB) of the same generated histories, each in a fresh child process and SQLite file; the FHIR time includes loading and compiling the R4 schema${compile}.`;
  return [
    {
      key: "fhir-import.wall",
      benchmark: `FHIR NDJSON import (${r.rows.toLocaleString("en")} rows)`,
      measured: formatMs(r.fhir.wallMs),
      baseline: `JSONL import ${formatMs(r.jsonl.wallMs)}`,
      ratio: r.ratio,
      target: "—",
      met: null,
      values: { fhirMs: r.fhir.wallMs, jsonlMs: r.jsonl.wallMs, compileMs: r.fhir.compileMs, rows: r.rows },
      note,
    },
    {
      key: "fhir-import.rss",
      benchmark: "FHIR NDJSON import peak memory (RSS)",
      measured: mb(r.fhir.peakRssMb),
      baseline: `JSONL import ${mb(r.jsonl.peakRssMb)}`,
      ratio: r.fhir.peakRssMb / r.jsonl.peakRssMb,
      target: "≤ 500 MB",
      met: r.fhir.peakRssMb <= 500,
      values: { fhirMb: r.fhir.peakRssMb, jsonlMb: r.jsonl.peakRssMb },
    },
  ];
}
