/**
 * The world of the corrected-download benchmark, in a FRESH SQLite data dir, built through the
 * app's own server functions (as the pages call them): importDataset of the generated files →
 * an organizer and three clinicians → createAudit (a 100-item sample) → assignClinicians (fully
 * crossed) → open → clinician 1 proposes corrections on ten items (evidence, gold, stem,
 * distractor, removal) → close → saveAdjudication accepting each.
 *
 *   node --conditions=react-server --import tsx bench/corrected/setup.ts --input DIR --data DIR
 *
 * Progress goes to stderr; the last stdout line is the world as JSON.
 */
import path from "node:path";
import { DEFAULT_RUBRIC } from "../../lib/audits/rubric";
import { generatePassword } from "../../lib/auth/password";
import type { McqItem } from "../../lib/formats";
import { saveAdjudicationSchema } from "../../lib/schemas/adjudication";
import { saveAdjudication } from "../../lib/server/adjudication/save-adjudication";
import { assignClinicians } from "../../lib/server/audits/assign";
import { createAudit } from "../../lib/server/audits/create-audit";
import { setAuditStatus } from "../../lib/server/audits/set-status";
import { importDataset } from "../../lib/server/datasets/import-dataset";
import { openFile } from "../../lib/server/datasets/open-file";
import { saveCorrection } from "../../lib/server/review/save-correction";
import { createUser } from "../../lib/server/users/create-user";
import { freshSqlite } from "../lib/fresh-sqlite";

export interface CorrectedWorld {
  password: string;
  organizer: string;
  auditId: string;
  /** Accepted changes in the audit. */
  changes: number;
  /** The item whose evidence was corrected and the events it now cites. */
  evidence: { item: string; events: string[] };
}

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  const v = i >= 0 ? args[i + 1] : undefined;
  if (v === undefined) throw new Error(`setup: ${name} is required`);
  return v;
};
const log = (s: string) => process.stderr.write(`  setup: ${s}\n`);
const secs = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

const KINDS = ["EVIDENCE", "GOLD", "STEM", "DISTRACTOR", "EVIDENCE", "GOLD", "STEM", "DISTRACTOR", "EVIDENCE", "REMOVE"] as const;

async function main(): Promise<void> {
  const input = flag("--input");
  const dataDir = path.resolve(flag("--data"));
  const db = await freshSqlite(dataDir);
  try {
    let t = performance.now();
    const outcome = await importDataset(
      db,
      null,
      [openFile(path.join(input, "patients.jsonl")), openFile(path.join(input, "instances.jsonl"))],
      { name: "Bench synthetic EHR" },
    );
    if (outcome.status !== "imported") throw new Error(`import ${outcome.status}: ${JSON.stringify(outcome).slice(0, 500)}`);
    log(`imported ${outcome.counts.patients} patients, ${outcome.counts.events} events, ${outcome.counts.items} items in ${secs(t)}`);

    t = performance.now();
    const password = generatePassword();
    const user = async (email: string, name: string, role: "ADMIN" | "ORGANIZER" | "CLINICIAN") =>
      (await createUser(db, null, { email, name, role, password })).user!;
    const organizer = await user("organizer@bench.clinaudit", "Bench organizer", "ORGANIZER");
    const clinicians = [
      await user("c1@bench.clinaudit", "Bench clinician 1", "CLINICIAN"),
      await user("c2@bench.clinaudit", "Bench clinician 2", "CLINICIAN"),
      await user("c3@bench.clinaudit", "Bench clinician 3", "CLINICIAN"),
    ];
    const audit = await createAudit(db, organizer.id, {
      name: "Bench corrected audit",
      datasetId: outcome.datasetId,
      size: 100,
      seed: "bench-corrected",
      strata: [],
      rubric: DEFAULT_RUBRIC,
    });
    await assignClinicians(db, organizer.id, { auditId: audit.id, clinicianIds: clinicians.map((c) => c.id), design: "FULLY_CROSSED" });
    await setAuditStatus(db, organizer.id, audit.id, "open");

    const assignments = await db.assignment.findMany({
      where: { auditId: audit.id, userId: clinicians[0]!.id },
      orderBy: { auditItem: { sampleOrder: "asc" } },
      take: KINDS.length,
      select: { id: true, auditItem: { select: { id: true, item: { select: { data: true, patientId: true } } } } },
    });
    const planned: { auditItemId: string; kind: (typeof KINDS)[number]; applied: unknown }[] = [];
    let evidence: CorrectedWorld["evidence"] | undefined;
    for (const [i, a] of assignments.entries()) {
      const kind = KINDS[i]!;
      const item = a.auditItem.item.data as unknown as McqItem;
      const wrong = item.options.find((o) => o.label !== item.answer)!.label;
      let applied: unknown;
      let proposal = "";
      if (kind === "EVIDENCE") {
        // Two events of the record before the cutoff that the item does not cite.
        const events = await db.ehrEvent.findMany({
          where: {
            patientId: a.auditItem.item.patientId,
            time: { lte: new Date(item.cutoff.time) },
            eventId: { notIn: item.evidenceEventIds },
          },
          orderBy: { position: "desc" },
          take: 2,
          select: { eventId: true },
        });
        const ids = events.map((e) => e.eventId);
        applied = { kind, evidenceEventIds: ids };
        proposal = ids.join(", ");
        evidence ??= { item: item.instanceId, events: ids };
      } else if (kind === "GOLD") applied = { kind, answer: wrong };
      else if (kind === "STEM") (applied = { kind, question: `${item.question} (reworded)` }), (proposal = `${item.question} (reworded)`);
      else if (kind === "DISTRACTOR")
        (applied = { kind, label: wrong, text: "A clearer distractor" }), (proposal = `Option ${wrong}: A clearer distractor`);
      else applied = { kind };
      await saveCorrection(db, clinicians[0]!.id, {
        assignmentId: a.id,
        kind,
        turnOrder: 0,
        expectedVersion: 0,
        correction: { kind, proposal, newGold: kind === "GOLD" ? wrong : null, rationale: "seen in the record" },
      });
      planned.push({ auditItemId: a.auditItem.id, kind, applied });
    }
    await setAuditStatus(db, organizer.id, audit.id, "close");
    for (const p of planned) {
      const correction = await db.correction.findFirstOrThrow({
        where: { assignment: { auditItemId: p.auditItemId } },
        select: { id: true },
      });
      await saveAdjudication(
        db,
        organizer.id,
        saveAdjudicationSchema.parse({
          auditId: audit.id,
          auditItemId: p.auditItemId,
          finalLabels: { gold: p.kind === "GOLD" ? "incorrect" : "correct", question: "clear" },
          rationale: "checked against the record",
          decisions: [{ correctionId: correction.id, decision: "ACCEPTED", applied: p.applied, rationale: "agreed" }],
        }),
      );
    }
    log(`users, audit of 100 items, ${planned.length} accepted corrections in ${secs(t)}`);
    const world: CorrectedWorld = { password, organizer: organizer.email, auditId: audit.id, changes: planned.length, evidence: evidence! };
    process.stdout.write(`${JSON.stringify(world)}\n`);
  } finally {
    await db.$disconnect();
  }
}

await main();
