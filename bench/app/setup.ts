/**
 * Builds the world of the app benchmarks in a FRESH SQLite data dir, through the app's own
 * server functions (the same calls the pages and the demo seeding make):
 *   importDataset → createUser (admin, organizer, N clinicians) → createAudit (every item of the
 *   dataset, so the targets are in it) → assignClinicians (MANUAL plan: K items per clinician,
 *   the three target histories first) → setAuditStatus(open).
 * The target histories are picked from the input files with the generator's token estimate.
 *
 *   node --conditions=react-server --import tsx bench/app/setup.ts --input DIR --data DIR \
 *     --clinicians N --per-clinician K [--target-tokens 30000] [--database postgresql://…]
 *
 * Progress goes to stderr; the last stdout line is the World as JSON.
 */
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_RUBRIC } from "../../lib/audits/rubric";
import { generatePassword } from "../../lib/auth/password";
import { createDb } from "../../lib/db/client";
import { applyMigrations } from "../../lib/db/migrate";
import { readJsonl } from "../../lib/formats/jsonl";
import { assignClinicians } from "../../lib/server/audits/assign";
import { createAudit } from "../../lib/server/audits/create-audit";
import { setAuditStatus } from "../../lib/server/audits/set-status";
import { importDataset } from "../../lib/server/datasets/import-dataset";
import { loadCase } from "../../tests/support/load-case";
import { eventViewModel } from "../../lib/server/review/view-model";
import { openFile } from "../../lib/server/datasets/open-file";
import { createUser } from "../../lib/server/users/create-user";
import { estimateEventTokens } from "../../lib/synth/tokens";
import { staticRecordPage } from "./static-record";
import { manualLines, pickHistories, planAssignments, TARGET, type HistoryStat, type World } from "./world";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  const v = i >= 0 ? args[i + 1] : undefined;
  if (v === undefined) throw new Error(`setup: ${name} is required`);
  return v;
};
const log = (s: string) => process.stderr.write(`  setup: ${s}\n`);

type WireEvent = Parameters<typeof estimateEventTokens>[0];
interface WireInstance {
  instance_id: string;
  patient_id: string;
  cutoff: { time: string };
}

async function* records<T>(file: string): AsyncGenerator<T> {
  for await (const e of readJsonl(openFile(file).open())) {
    if (!e.ok) throw new Error(`${file}:${e.line}: ${e.error}`);
    yield e.value as T;
  }
}

/** Pre-cutoff size of every instance, counted as the generator counts (events with time ≤ cutoff). */
async function historyStats(dir: string): Promise<{ stats: HistoryStat[]; order: string[] }> {
  const byPatient = new Map<string, WireInstance[]>();
  const order: string[] = [];
  for await (const inst of records<WireInstance>(path.join(dir, "instances.jsonl"))) {
    order.push(inst.instance_id);
    byPatient.set(inst.patient_id, [...(byPatient.get(inst.patient_id) ?? []), inst]);
  }
  const stats: HistoryStat[] = [];
  for await (const p of records<{ patient_id: string; events: WireEvent[] }>(path.join(dir, "patients.jsonl"))) {
    for (const inst of byPatient.get(p.patient_id) ?? []) {
      const before = p.events.filter((e) => e.time <= inst.cutoff.time);
      stats.push({ externalId: inst.instance_id, events: before.length, tokens: before.reduce((s, e) => s + estimateEventTokens(e), 0) });
    }
  }
  return { stats, order };
}

async function main(): Promise<void> {
  const input = flag("--input");
  const dataDir = path.resolve(flag("--data"));
  const clinicianCount = Number(flag("--clinicians"));
  const perClinician = Number(flag("--per-clinician"));
  const targetTokens = Number(args.includes("--target-tokens") ? flag("--target-tokens") : 30_000);

  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  // --database URL (PostgreSQL, already migrated by the servers that run on it: the pair
  // benchmark); default a fresh SQLite file in the data dir.
  const file = path.join(dataDir, "clinaudit.db");
  const url = args.includes("--database") ? flag("--database") : `file:${file}`;
  if (url.startsWith("file:")) await applyMigrations({ provider: "sqlite", url, file });
  const db = createDb(url);
  try {
    let t = performance.now();
    const { stats, order } = await historyStats(input);
    const histories = pickHistories(stats, targetTokens);
    log(
      `histories counted in ${((performance.now() - t) / 1000).toFixed(1)} s: ~${targetTokens} → ${histories.mid.externalId} (${histories.mid.tokens} tokens), longest ${histories.longest.externalId} (${histories.longest.tokens}), shortest ${histories.short.externalId} (${histories.short.tokens})`,
    );

    t = performance.now();
    const outcome = await importDataset(
      db,
      null,
      [openFile(path.join(input, "patients.jsonl")), openFile(path.join(input, "instances.jsonl"))],
      { name: "Bench synthetic EHR" },
    );
    if (outcome.status !== "imported") throw new Error(`import ${outcome.status}: ${JSON.stringify(outcome).slice(0, 500)}`);
    log(
      `imported ${outcome.counts.patients} patients, ${outcome.counts.events} events, ${outcome.counts.items} items in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    t = performance.now();
    const password = generatePassword();
    const user = (email: string, name: string, role: "ADMIN" | "ORGANIZER" | "CLINICIAN") =>
      createUser(db, null, { email, name, role, password });
    await user("admin@bench.clinaudit", "Bench admin", "ADMIN");
    const organizer = (await user("organizer@bench.clinaudit", "Bench organizer", "ORGANIZER")).user;
    const emails = Array.from({ length: clinicianCount }, (_, i) => `clinician${String(i + 1).padStart(3, "0")}@bench.clinaudit`);
    const clinicianIds = new Map<string, string>();
    for (const [i, email] of emails.entries())
      clinicianIds.set(email, (await user(email, `Bench clinician ${i + 1}`, "CLINICIAN")).user.id);
    log(`${clinicianCount + 2} users created in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    t = performance.now();
    const audit = await createAudit(db, organizer.id, {
      name: "Bench audit",
      datasetId: outcome.datasetId,
      size: outcome.counts.items,
      seed: "bench",
      strata: [],
      rubric: DEFAULT_RUBRIC,
    });
    const plan = planAssignments(order, histories, emails, perClinician);
    const assigned = await assignClinicians(db, organizer.id, {
      auditId: audit.id,
      clinicianIds: [],
      design: "MANUAL",
      manual: manualLines(plan),
    });
    await setAuditStatus(db, organizer.id, audit.id, "open");
    log(
      `audit of ${outcome.counts.items} items, ${assigned.status === "assigned" ? assigned.created : 0} assignments, opened in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const rows = await db.assignment.findMany({
      where: { auditId: audit.id },
      select: { id: true, userId: true, auditItem: { select: { item: { select: { externalId: true } } } } },
    });
    const assignmentOf = new Map(rows.map((r) => [`${r.userId}|${r.auditItem.item.externalId}`, r.id]));
    // The viewer's baseline pages: the records the case page loads (loadCase), as static HTML.
    const first = emails[0]!;
    const staticRecords = {
      longest: path.join(dataDir, "static-record-longest.html"),
      short: path.join(dataDir, "static-record-short.html"),
    };
    for (const which of ["longest", "short"] as const) {
      const review = await loadCase(
        db,
        clinicianIds.get(first)!,
        assignmentOf.get(`${clinicianIds.get(first)}|${plan.get(first)![TARGET[which]]}`)!,
      );
      if (!review) throw new Error(`loadCase found no ${which} case`);
      fs.writeFileSync(
        staticRecords[which],
        staticRecordPage(
          `${review.item.externalId}: record up to the cutoff`,
          review.events.map((e) => eventViewModel(e.id, e.event)),
        ),
      );
    }
    const world: World = {
      password,
      auditId: audit.id,
      histories,
      staticRecords,
      dataset: { patients: outcome.counts.patients, events: outcome.counts.events, items: outcome.counts.items },
      clinicians: emails.map((email) => {
        const id = clinicianIds.get(email)!;
        return { email, id, assignments: plan.get(email)!.map((item) => assignmentOf.get(`${id}|${item}`)!) };
      }),
    };
    process.stdout.write(`${JSON.stringify(world)}\n`);
  } finally {
    await db.$disconnect();
  }
}

await main();
