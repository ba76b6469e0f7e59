// Issue #32, "Done when": the command line and the upload page print the same import report, and
// for every file of a FHIR export the count of resources in the file equals the count of events
// stored plus the count reported skipped. The export here is the Bulk Data fixture with every
// NDJSON file gzipped as servers write them (`Condition.000.ndjson.gz`), read through the file
// opener that inflates as it streams, beside a file no layout reads; on SQLite and PostgreSQL.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, describe, expect, it } from "vitest";
import { ImportReport, type Outcome } from "@/components/datasets/upload-form";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { resourceKey } from "@/lib/formats/fhir/resource";
import { importReportLines } from "@/lib/formats/import-report";
import { cappedJobs } from "@/lib/server/jobs/capped";
import { inProcessQueue } from "@/lib/server/jobs/in-process";
import { withIntl } from "@/tests/support/intl";
import { DATABASES, target } from "./databases";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/fhir/bulk");
const NDJSON = fs.readdirSync(FIXTURE).filter((n) => n.endsWith(".ndjson"));

/** The export as a client downloads it: each NDJSON gzipped, instances.jsonl, and a stray README. */
function exportDir(): { dir: string; names: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-parity-"));
  for (const n of NDJSON) fs.writeFileSync(path.join(dir, `${n}.gz`), gzipSync(fs.readFileSync(path.join(FIXTURE, n))));
  fs.copyFileSync(path.join(FIXTURE, "instances.jsonl"), path.join(dir, "instances.jsonl"));
  fs.writeFileSync(path.join(dir, "README.md"), "# Bulk Data export of 2024-06-30\n");
  return { dir, names: [...NDJSON.map((n) => `${n}.gz`), "instances.jsonl", "README.md"] };
}

/** What a person reads, lower-cased and without a closing full stop (the web words it as sentences). */
const plain = (s: string) =>
  s
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ")
    .replace(/\.(?= |$)/g, "")
    .toLowerCase();

describe.each(DATABASES)("one FHIR export, two ways in (%s)", (database) => {
  afterAll(() => database.dropAll());

  it("clinaudit import and the upload page print the same report; per file, resources = events stored + skipped", async () => {
    const { dir, names } = exportDir();
    const [cliUrl, uploadUrl] = [await database.create(), await database.create()];
    await applyMigrations(target(uploadUrl));
    const cliDb = createDb(cliUrl);
    const uploadDb = createDb(uploadUrl);
    try {
      // The command line, from the export's folder.
      const cli = spawnSync(process.execPath, [path.resolve("bin/clinaudit.mjs"), "import", ...names, "--name", "bulk"], {
        cwd: dir,
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: cliUrl, NODE_OPTIONS: "" },
      });
      expect(cli.status, cli.stderr).toBe(0);
      const printed = cli.stdout.slice(cli.stdout.indexOf("Import report (")).trimEnd().split("\n");

      // The upload: the job the upload route enqueues, with the files as the route saved them.
      const queue = inProcessQueue(cappedJobs(320), uploadDb);
      const files = names.map((name) => ({ path: path.join(dir, name), name }));
      const outcome = (await queue.wait(
        "dataset-import",
        await queue.enqueue("dataset-import", { actorId: null, files, name: "bulk" }),
      )) as Outcome;
      if (!("status" in outcome) || outcome.status !== "imported" || !outcome.report) throw new Error(JSON.stringify(outcome));
      const report = outcome.report;

      // The same report: the command line's lines are the upload's report printed.
      expect(printed).toEqual(importReportLines(report));
      expect(report.files.map((f) => f.name)).toEqual(names.filter((n) => n !== "README.md"));
      expect(report.ignored).toEqual([expect.objectContaining({ name: "README.md", key: "content" })]);

      // And the upload page shows each of its facts: every file with what it was read as and its
      // records, every skipped kind with its count and reason, the file not read and why, the totals.
      const page = plain(renderToStaticMarkup(withIntl(<ImportReport outcome={outcome} />, "en")));
      for (const f of report.files) {
        expect(page).toContain(plain(`${f.name} ${f.readAs === "fhir" ? "FHIR R4 resources" : "Items"} ${f.records}`));
        for (const s of f.skipped)
          expect(page).toContain(plain(`${s.count} ${s.what} record${s.count === 1 ? "" : "s"} skipped: ${s.reason}`));
      }
      for (const f of report.ignored) expect(page).toContain(plain(`${f.name} : ${f.reason}`));
      const t = report.totals;
      expect(page).toContain(
        plain(`Stored: ${t.patients} patients, ${t.events} events, ${t.notes} notes, ${t.items} items, ${t.turns} turns`),
      );

      // Per file of the export: its resources = events the command line stored + skipped reported.
      const stored = new Set((await cliDb.ehrEvent.findMany({ select: { eventId: true } })).map((e) => e.eventId));
      expect(stored.size).toBe(t.events);
      let fromFiles = 0;
      for (const n of NDJSON) {
        const keys = fs
          .readFileSync(path.join(FIXTURE, n), "utf8")
          .split("\n")
          .filter((l) => l.trim() !== "")
          .map((l) => resourceKey(JSON.parse(l)) ?? "");
        const file = report.files.find((f) => f.name === `${n}.gz`)!;
        const events = keys.filter((k) => stored.has(k)).length;
        const skipped = file.skipped.reduce((sum, s) => sum + s.count, 0);
        expect({ file: file.name, records: file.records, sum: events + skipped }).toEqual({
          file: file.name,
          records: keys.length,
          sum: keys.length,
        });
        fromFiles += events;
      }
      expect(fromFiles).toBe(stored.size);
    } finally {
      await cliDb.$disconnect();
      await uploadDb.$disconnect();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
