/**
 * `clinaudit import <files…>`: imports benchmark files into the database named by DATABASE_URL
 * (default: the embedded SQLite file), applying migrations first. All or nothing: on any
 * violation it prints every located issue (file:line: field: message) and exits 1.
 */
import fs from "node:fs";
import path from "node:path";
import { createDb } from "../../lib/db/client";
import { applyMigrations } from "../../lib/db/migrate";
import { parseDatabaseUrl } from "../../lib/db/target";
import { databaseUrl, loadEnv } from "../../lib/env";
import { importReportLines } from "../../lib/formats/import-report";
import type { DatasetImportProgress } from "../../lib/server/jobs/dataset-import";
import { importInThread } from "../../lib/server/jobs/import-thread/client";
import { locatedIssue } from "./located";
import { printable } from "../../lib/schemas/text";

export const IMPORT_USAGE = `Usage: clinaudit import <file> [<file>…] [--name NAME] [--strict] [--time-zone AREA/CITY] [--format fhir]

Imports a benchmark: an ehr-decision-mcq JSON bundle, or patients.jsonl + instances.jsonl;
a notes-chatqa JSON bundle, or notes.csv + questions.csv (EHRNote-ChatQA); or an EHRNoteQA
JSONL, raw or preprocessed, optionally with MIMIC-IV-Note discharge.csv or discharge.csv.gz;
or FHIR R4 records (Bundles and/or bulk-export NDJSON) + instances.jsonl, whose evidence cites
resources ("Observation/abc"). The layout is detected; --format fhir reads every file except
instances.jsonl as FHIR, whatever its name.
The same files again change nothing; changed files become a new dataset version.

Then the import report: every file given → what it was read as, how many records, what
was skipped and why; every file ignored, with the reason.

Content defects (duplicate options, empty questions, …) are imported as data-quality
findings and listed; --strict refuses them instead, as located errors.

The import runs in a thread whose heap is capped at CLINAUDIT_IMPORT_HEAP_MB (default 320 MB),
as an upload's does: an import that needs more is stopped with a located message and nothing is
written; raise the variable for it.

--time-zone: the IANA zone in which times written without a UTC offset are read (default
UTC). A record (a patient with its items) must give every time with an offset or none.
`;

interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

export async function runImport(argv: string[], io: Io): Promise<number> {
  if (argv.includes("-h") || argv.includes("--help")) {
    io.stdout(IMPORT_USAGE);
    return 0;
  }
  const flagValue = (flag: string) => {
    const at = argv.indexOf(flag);
    return { at, value: at >= 0 ? argv[at + 1] : undefined };
  };
  const { at: nameAt, value: name } = flagValue("--name");
  const { at: zoneAt, value: timeZone } = flagValue("--time-zone");
  const { at: formatAt, value: formatName } = flagValue("--format");
  if (formatAt >= 0 && formatName !== "fhir") {
    io.stderr(`clinaudit import: --format must be fhir (other layouts are detected)\n${IMPORT_USAGE}`);
    return 2;
  }
  const strict = argv.includes("--strict");
  const unknown = argv.find((a) => a.startsWith("--") && !["--name", "--strict", "--time-zone", "--format"].includes(a));
  if (unknown) {
    io.stderr(`clinaudit import: unknown option ${unknown}\n${IMPORT_USAGE}`);
    return 2;
  }
  const files = argv.filter(
    (a, i) =>
      !a.startsWith("--") && (nameAt < 0 || i !== nameAt + 1) && (zoneAt < 0 || i !== zoneAt + 1) && (formatAt < 0 || i !== formatAt + 1),
  );
  if (files.length === 0 || (nameAt >= 0 && !name) || (zoneAt >= 0 && !timeZone)) {
    io.stderr(IMPORT_USAGE);
    return 2;
  }
  for (const f of files) {
    if (!fs.existsSync(f)) {
      io.stderr(`clinaudit import: ${f}: no such file\n`);
      return 2;
    }
  }
  const env = loadEnv();
  const url = databaseUrl(env);
  await applyMigrations(parseDatabaseUrl(url));
  const db = createDb(url);
  const started = Date.now();
  // A progress line on stderr every half second, for imports long enough to need one.
  let lastLine = started;
  let shown = false;
  try {
    // In a thread under CLINAUDIT_IMPORT_HEAP_MB, as an upload's import: over it, a located refusal.
    const importCapped = importInThread(env.CLINAUDIT_IMPORT_HEAP_MB, { spare: false });
    const outcome = await importCapped(
      {
        actorId: null,
        files: files.map((f) => ({ path: path.resolve(f), name: path.basename(f) })),
        name,
        strict,
        ...(timeZone ? { timeZone } : {}),
        ...(formatName === "fhir" ? { format: "fhir-r4" as const } : {}),
      },
      {
        jobId: "cli",
        db,
        progress: (event) => {
          const p = event as DatasetImportProgress;
          if (Date.now() - lastLine < 500) return;
          lastLine = Date.now();
          shown = true;
          const line =
            "phase" in p
              ? `writing ${p.written.toLocaleString("en")} / ${p.total.toLocaleString("en")} rows`
              : `reading ${p.file}: ${(p.chars / 1e6).toFixed(1)} M characters, ${p.records.toLocaleString("en")} records`;
          io.stderr(`\r${line.padEnd(72)}`);
        },
      },
    );
    if (shown) io.stderr("\n");
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (outcome.status === "invalid") {
      for (const issue of outcome.issues) io.stderr(`${locatedIssue(issue)}\n`);
      if (outcome.total > outcome.issues.length) io.stderr(`… and ${outcome.total - outcome.issues.length} more\n`);
      io.stderr(`Import rejected: ${outcome.total} problem(s). Nothing was written.\n`);
      return 1;
    }
    if (outcome.status === "unchanged") {
      io.stdout(`Already imported as ${printable(outcome.name)} v${outcome.version}: nothing changed.\n`);
      if (outcome.report) io.stdout(reportText(outcome.report));
      return 0;
    }
    const c = outcome.counts;
    io.stdout(
      `Imported ${printable(outcome.name)} v${outcome.version}: ${c.patients} patients, ${c.events} events, ${c.notes} notes, ${c.items} items in ${seconds} s.\n`,
    );
    const f = outcome.findings;
    if (f.total > 0) {
      const kinds = Object.entries(f.byKind)
        .map(([k, n]) => `${n} ${k}`)
        .join(", ");
      io.stdout(
        `${f.total} data-quality finding(s) imported with it (${kinds}); see the dataset page, or import with --strict to refuse them.\n`,
      );
    }
    io.stdout(reportText(outcome.report));
    return 0;
  } finally {
    await db.$disconnect();
  }
}

/** The report's lines, file names and reasons made printable (a name may hold control characters). */
function reportText(report: Parameters<typeof importReportLines>[0]): string {
  return importReportLines(report)
    .map((line) => `${printable(line)}\n`)
    .join("");
}
