/**
 * The rater-flow bench's world, in a FRESH SQLite data dir, through the app's own server functions:
 * a generated full-size EHR benchmark (decision points) and a generated full-size notes benchmark
 * (conversations), each with an audit of `--items` items assigned to `--raters` clinicians fully
 * crossed (each in their own review order) and opened.
 *
 *   node --conditions=react-server --import tsx bench/rater-flow/setup.ts --data DIR [--raters 20] [--items 100]
 *
 * Progress goes to stderr; the last stdout line is the RaterFlowWorld as JSON.
 */
import fs from "node:fs";
import path from "node:path";
import { CONVERSATION_RUBRIC, DEFAULT_RUBRIC } from "../../lib/audits/rubric";
import { assignClinicians } from "../../lib/server/audits/assign";
import { createAudit } from "../../lib/server/audits/create-audit";
import { setAuditStatus } from "../../lib/server/audits/set-status";
import { importDataset } from "../../lib/server/datasets/import-dataset";
import { createUser } from "../../lib/server/users/create-user";
import { generateEhrBundle, generateNotesBundle } from "../../lib/synth";
import { requiredFlag } from "../lib/args";
import { freshSqlite } from "../lib/fresh-sqlite";
import type { RaterFlowWorld } from "./world";

const args = process.argv.slice(2);
const flag = (name: string, fallback?: string) =>
  args.includes(name) || fallback === undefined ? requiredFlag(args, name, "setup") : fallback;
const log = (s: string) => process.stderr.write(`  setup: ${s}\n`);
const PASSWORD = "rater-flow-bench-password";

const dataDir = path.resolve(flag("--data"));
const raterCount = Number(flag("--raters", "20"));
const size = Number(flag("--items", "100"));
const db = await freshSqlite(dataDir);

async function importBundle(name: string, bundle: unknown): Promise<string> {
  const text = JSON.stringify(bundle);
  const t = performance.now();
  const outcome = await importDataset(
    db,
    null,
    [
      {
        name: `${name}.json`,
        open: async function* () {
          yield text;
        },
      },
    ],
    { name },
  );
  if (outcome.status !== "imported") throw new Error(`import ${outcome.status}: ${JSON.stringify(outcome).slice(0, 300)}`);
  log(`${name}: ${outcome.counts.items} items of ${outcome.counts.patients} patients in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return outcome.datasetId;
}

// Full-size records (the EHR's pre-cutoff histories run to tens of thousands of tokens), fewer patients.
const ehr = await importBundle(
  "Rater flow EHR",
  generateEhrBundle({ seed: "rater-flow", size: "full", patients: Math.ceil(size * 0.7), instances: size }).bundle,
);
const notes = await importBundle(
  "Rater flow notes",
  generateNotesBundle({ seed: "rater-flow", size: "full", patients: Math.ceil(size / 4) }).bundle,
);

const organizerId = (
  await createUser(db, null, { email: "organizer@rater-flow.bench", name: "Organizer", role: "ORGANIZER", password: PASSWORD })
).user!.id;
const emails = Array.from({ length: raterCount }, (_, i) => `rater${String(i + 1).padStart(2, "0")}@rater-flow.bench`);
const raterIds: string[] = [];
for (const email of emails)
  raterIds.push((await createUser(db, null, { email, name: email.split("@")[0]!, role: "CLINICIAN", password: PASSWORD })).user!.id);

async function audit(name: string, datasetId: string, rubric: typeof DEFAULT_RUBRIC) {
  const t = performance.now();
  const available = await db.item.count({ where: { datasetId } });
  const created = await createAudit(db, organizerId, {
    name,
    datasetId,
    size: Math.min(size, available),
    seed: "rater-flow",
    strata: [],
    rubric,
  });
  await assignClinicians(db, organizerId, { auditId: created.id, clinicianIds: raterIds, design: "FULLY_CROSSED" });
  await setAuditStatus(db, organizerId, created.id, "open");
  const queues: string[][] = [];
  for (const userId of raterIds) {
    const rows = await db.assignment.findMany({
      where: { auditId: created.id, userId },
      orderBy: [{ reviewPosition: "asc" }, { auditItem: { sampleOrder: "asc" } }],
      select: { id: true },
    });
    queues.push(rows.map((r) => r.id));
  }
  log(`${name}: ${queues[0]!.length} items × ${raterIds.length} raters in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return { auditId: created.id, items: queues[0]!.length, queues };
}

const world: RaterFlowWorld = {
  password: PASSWORD,
  emails,
  mcq: await audit("Rater flow: decision points", ehr, DEFAULT_RUBRIC),
  conversation: await audit("Rater flow: conversations", notes, CONVERSATION_RUBRIC),
};
fs.writeFileSync(path.join(dataDir, "world.json"), `${JSON.stringify(world)}\n`);
await db.$disconnect();
process.stdout.write(`${JSON.stringify(world)}\n`);
