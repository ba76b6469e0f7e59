// The corrected benchmark end to end on a real database: an accepted evidence fix is exported
// with its evidence text composed from the new events, the files pass the importer's own checks
// and import again through importDataset (what `clinaudit import` and the upload page call);
// the export is cached per adjudication state; a decision that no longer fits is located.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { validateDatasetStream, type McqItem } from "@/lib/formats";
import { composeEvidenceText } from "@/lib/formats/evidence-text";
import { eventToWire } from "@/lib/formats/map-ehr";
import { correctedStatus } from "@/lib/server/adjudication/corrected-cache";
import {
  buildCorrectedOffLoop,
  correctedThreads,
  keepCorrectedThread,
  stopCorrectedThread,
} from "@/lib/server/adjudication/corrected-thread/client";
import { correctedState } from "@/lib/server/adjudication/corrected-state";
import { correctedBenchmark, correctedDownload } from "@/lib/server/adjudication/corrected-export";
import { saveAdjudication } from "@/lib/server/adjudication/save-adjudication";
import { saveAdjudicationSchema } from "@/lib/schemas/adjudication";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { eventFromRow } from "@/lib/server/datasets/rows";
import { saveCorrection } from "@/lib/server/review/save-correction";
import { generateEhrBundle } from "@/lib/synth";
import { seedAudit } from "@/tests/support/world";
import { DATABASES, target } from "./databases";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "corrected-export-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const { bundle } = generateEhrBundle({ seed: "corrected", size: "demo", patients: 6, instances: 10 });
const layouts = {
  bundle: [{ name: "ehr-decision-mcq.json", text: JSON.stringify(bundle) }],
  jsonl: [
    { name: "patients.jsonl", text: bundle.patients.map((p) => JSON.stringify(p)).join("\n") + "\n" },
    { name: "instances.jsonl", text: bundle.instances.map((i) => JSON.stringify(i)).join("\n") + "\n" },
  ],
};
const file = (f: { name: string; text: string }) => ({
  name: f.name,
  open: async function* () {
    yield f.text;
  },
});

async function world(db: Db, files: { name: string; text: string }[]) {
  const { organizer, raters, audit } = await seedAudit(db, { benchmark: files, raters: ["r1"], items: 3, name: "Corrected", seed: "c" });
  const rater = raters[0]!;
  const assignment = await db.assignment.findFirstOrThrow({
    where: { auditId: audit.id },
    orderBy: { auditItem: { sampleOrder: "asc" } },
    select: { id: true, auditItemId: true, auditItem: { select: { item: { select: { data: true, patientId: true } } } } },
  });
  const item = assignment.auditItem.item.data as unknown as McqItem;
  const events = (
    await db.ehrEvent.findMany({ where: { patientId: assignment.auditItem.item.patientId }, orderBy: { position: "asc" } })
  ).map(eventFromRow);
  const other = events.filter((e) => e.time <= item.cutoff.time && !item.evidenceEventIds.includes(e.eventId)).at(-1)!;
  await saveCorrection(db, rater.id, {
    assignmentId: assignment.id,
    kind: "EVIDENCE",
    turnOrder: 0,
    expectedVersion: 0,
    correction: { kind: "EVIDENCE", proposal: other.eventId, rationale: "that is the visit" },
  });
  await setAuditStatus(db, organizer.id, audit.id, "close");
  const correction = await db.correction.findFirstOrThrow({ where: { assignmentId: assignment.id } });
  const adjudicate = (applied: object) =>
    saveAdjudication(
      db,
      organizer.id,
      saveAdjudicationSchema.parse({
        auditId: audit.id,
        auditItemId: assignment.auditItemId,
        finalLabels: { gold: "correct", question: "clear" },
        rationale: "evidence fixed",
        decisions: [{ correctionId: correction.id, decision: "EDITED", applied, rationale: "agreed" }],
      }),
    );
  return { auditId: audit.id, item, other, correctionId: correction.id, adjudicate };
}

/** A fresh database whose audit has one accepted evidence fix (the JSONL layout). */
async function adjudicated(database: (typeof DATABASES)[number]) {
  const db = createDb(await database.create().then(async (url) => (await applyMigrations(target(url)), url)));
  const w = await world(db, layouts.jsonl);
  await w.adjudicate({ kind: "EVIDENCE", evidenceEventIds: [w.other.eventId] });
  return { db, w };
}

/** The export cache's files of the audit's dataset (patients part, its digest) whose names match. */
async function datasetFiles(db: Db, auditId: string, name: RegExp): Promise<string[]> {
  const { datasetId } = await db.audit.findUniqueOrThrow({ where: { id: auditId }, select: { datasetId: true } });
  const dir = path.join(root, "datasets", datasetId);
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => name.test(path.basename(f)))
    .map((f) => path.join(dir, f));
}

describe.each(DATABASES)("the corrected benchmark on $name", (database) => {
  afterAll(() => database.dropAll());

  it.each(Object.keys(layouts) as (keyof typeof layouts)[])(
    "an evidence fix exports consistent, validated %s files that import again",
    async (layout) => {
      const db = createDb(await database.create().then(async (url) => (await applyMigrations(target(url)), url)));
      const w = await world(db, layouts[layout]);
      await w.adjudicate({ kind: "EVIDENCE", evidenceEventIds: [w.other.eventId] });

      const corrected = (await correctedBenchmark(db, w.auditId, root))!;
      expect(corrected.ok).toBe(true);
      // Built in a thread of its own, off the event loop that serves the raters' pages.
      expect(correctedThreads().running).toBe(true);
      expect(corrected.files.map((f) => f.name)).toEqual([...layouts[layout].map((f) => f.name), "changelog.json", "changelog.md"]);
      const data = corrected.files.filter((f) => !f.name.startsWith("changelog.")).map((f) => ({ name: f.name, text: f.text() }));
      // Round trip through the real importer: a new dataset (its bytes differ), nothing refused.
      const again = await importDataset(db, null, data.map(file), { name: "Corrected again" });
      expect(again).toMatchObject({ status: "imported", counts: { items: 10 } });
      if (again.status !== "imported") return;
      const back = (await db.item.findFirstOrThrow({ where: { datasetId: again.datasetId, externalId: w.item.instanceId } }))
        .data as unknown as McqItem;
      expect(back.evidenceEventIds).toEqual([w.other.eventId]);
      expect(back.evidenceText).toBe(composeEvidenceText([eventToWire(w.other)] as never[]));
      expect(back.evidenceText).not.toBe(w.item.evidenceText);
      const log = JSON.parse(corrected.files.find((f) => f.name === "changelog.json")!.text());
      expect(log.changes[0]).toMatchObject({
        item: w.item.instanceId,
        after: { evidence_event_ids: [w.other.eventId], evidence_text: back.evidenceText },
      });

      // Cached: the same state is not built again; another adjudication is another state.
      const first = await correctedStatus(db, w.auditId, { root });
      expect(first).toMatchObject({ state: "ready" });
      const digestAt = fs.statSync((await datasetFiles(db, w.auditId, /^patients\.digest\./))[0]!).mtimeMs;
      expect((await correctedStatus(db, w.auditId, { root }))!).toEqual(first);
      await w.adjudicate({ kind: "EVIDENCE", evidenceEventIds: [w.other.eventId], evidenceText: "Adjudicated evidence" });
      expect(await correctedStatus(db, w.auditId, { root })).toMatchObject({ state: "building" });
      const second = (await correctedBenchmark(db, w.auditId, root))!;
      const text = second.files.find((f) => f.name.endsWith(layout === "bundle" ? ".json" : "instances.jsonl"))!.text();
      expect(text).toContain('"evidence_text":"Adjudicated evidence"');
      // The patients part was validated once, for the first state: its digest was kept and reused.
      const [digest] = await datasetFiles(db, w.auditId, /^patients\.digest\./);
      expect(digest).toBeDefined();
      expect(fs.statSync(digest!).mtimeMs).toBe(digestAt);
      // What the digest path accepted, the importer's full validation of the downloaded files accepts.
      const data2 = second.files.filter((f) => !f.name.startsWith("changelog.")).map((f) => ({ name: f.name, text: f.text() }));
      expect(await validateDatasetStream(data2.map(file))).toMatchObject({ ok: true, summary: { stats: { items: 10 } } });
      // A damaged digest is not trusted: it is taken again.
      fs.writeFileSync(digest!, "not a digest");
      await w.adjudicate({ kind: "EVIDENCE", evidenceEventIds: [w.other.eventId], evidenceText: "Adjudicated evidence, again" });
      expect((await correctedBenchmark(db, w.auditId, root))!.ok).toBe(true);
      expect(fs.readFileSync(digest!).length).toBeGreaterThan("not a digest".length);
      await db.$disconnect();
    },
  );

  it("a decision that no longer fits its item is located, and no data file is offered", async () => {
    const { db, w } = await adjudicated(database);
    // Written past the save's checks (as an older version could have): an event the patient lacks.
    await db.correctionDecision.update({
      where: { correctionId: w.correctionId },
      data: { applied: { kind: "EVIDENCE", evidenceEventIds: ["E-NOT-THERE"] } },
    });
    const corrected = (await correctedBenchmark(db, w.auditId, root))!;
    expect(corrected.ok).toBe(false);
    expect(corrected.files.map((f) => f.name)).toEqual([]);
    expect(corrected.issues[0]).toMatchObject({
      item: w.item.instanceId,
      // By its code, which the page words in the reader's language.
      code: "formats.evidenceNotOfPatient",
      values: { id: '"E-NOT-THERE"', patient: JSON.stringify(w.item.patientId) },
      message: expect.stringMatching(/E-NOT-THERE.*is not an event of patient/),
    });
    expect(await correctedDownload(db, w.auditId, "instances.jsonl", root)).toMatchObject({ status: "invalid", total: 1 });
    // The save itself refuses it.
    await expect(w.adjudicate({ kind: "EVIDENCE", evidenceEventIds: ["E-NOT-THERE"] })).rejects.toThrow(/not an event of patient/);
    await db.$disconnect();
  });

  it("a build that outgrows its thread's heap starts again with more, and its files are whole", async () => {
    const { db, w } = await adjudicated(database);
    await stopCorrectedThread(16); // too little to load the build's modules, let alone build
    try {
      const started = correctedThreads().started;
      const corrected = (await correctedBenchmark(db, w.auditId, root))!;
      expect(corrected.ok).toBe(true);
      expect(correctedThreads().started - started).toBeGreaterThan(1);
      expect(correctedThreads().heapMb).toBeGreaterThan(16);
      const data = corrected.files.filter((f) => !f.name.startsWith("changelog.")).map((f) => ({ name: f.name, text: f.text() }));
      expect(await validateDatasetStream(data.map(file))).toMatchObject({ ok: true, summary: { stats: { items: 10 } } });
    } finally {
      await stopCorrectedThread();
    }
    await db.$disconnect();
  });

  it("a build the thread cannot be sent fails alone: the thread stays free for the next", async () => {
    const { db, w } = await adjudicated(database);
    expect((await correctedBenchmark(db, w.auditId, root))!.ok).toBe(true); // the thread is started
    const started = correctedThreads().started;
    const state = { ...(await correctedState(db, w.auditId))!, cannotBeCopied: () => 0 };
    const dir = fs.mkdtempSync(path.join(root, "uncopyable-"));
    await expect(buildCorrectedOffLoop(db, root, dir, state, () => {})).rejects.toThrow(/could not be cloned/);
    await w.adjudicate({ kind: "EVIDENCE", evidenceEventIds: [w.other.eventId], evidenceText: "after the refused one" });
    expect((await correctedBenchmark(db, w.auditId, root))!.ok).toBe(true);
    expect(correctedThreads().started).toBe(started); // built by the same thread
    await db.$disconnect();
  });

  it("stops the thread once no build waits, as a production server does, and the next build starts another", async () => {
    const { db, w } = await adjudicated(database);
    await stopCorrectedThread(); // the thread earlier tests kept
    keepCorrectedThread(0);
    try {
      const started = correctedThreads().started;
      expect((await correctedBenchmark(db, w.auditId, root))!.ok).toBe(true);
      await expect.poll(() => correctedThreads().running, { timeout: 10_000 }).toBe(false);
      await w.adjudicate({ kind: "EVIDENCE", evidenceEventIds: [w.other.eventId], evidenceText: "after the thread stopped" });
      expect((await correctedBenchmark(db, w.auditId, root))!.ok).toBe(true);
      expect(correctedThreads().started - started).toBeGreaterThanOrEqual(2);
    } finally {
      keepCorrectedThread(undefined);
    }
    await db.$disconnect();
  });

  it("a build asked for while the idle thread stops runs in another thread", async () => {
    const { db, w } = await adjudicated(database);
    keepCorrectedThread(0);
    try {
      const state = (await correctedState(db, w.auditId))!;
      const build = () => buildCorrectedOffLoop(db, root, fs.mkdtempSync(path.join(root, "stopping-")), state, () => {});
      await build();
      // The idle timer fires first: the thread is stopping, its exit event not yet come.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await expect(build()).resolves.toBeTruthy();
    } finally {
      keepCorrectedThread(undefined);
    }
    await db.$disconnect();
  });

  it("an item the importer refuses is refused through the patients' digest as the full validation locates it", async () => {
    const { db, w } = await adjudicated(database);
    expect((await correctedBenchmark(db, w.auditId, root))!.ok).toBe(true); // the digest is taken
    // A distractor rewritten to another option's text (applying it does not check that; the importer does).
    const [a, b] = w.item.options.filter((o) => o.label !== w.item.answer);
    await db.correctionDecision.update({
      where: { correctionId: w.correctionId },
      data: { applied: { kind: "DISTRACTOR", label: a!.label, text: b!.text } },
    });
    const corrected = (await correctedBenchmark(db, w.auditId, root))!;
    expect(corrected.ok).toBe(false);
    expect(corrected.files.map((f) => f.name)).toEqual(["changelog.json", "changelog.md"]); // no data file
    expect(corrected.issues).toEqual([
      expect.objectContaining({
        item: w.item.instanceId,
        file: "instances.jsonl",
        message: expect.stringMatching(/duplicate option text/),
      }),
    ]);
    // The same files through the importer's full validation: the same issues, the same lines.
    const items = path.join(root, "audits", w.auditId);
    const [state] = fs
      .readdirSync(items)
      .map((d) => path.join(items, d, "items.part"))
      .sort((x, y) => fs.statSync(y).mtimeMs - fs.statSync(x).mtimeMs); // this state's: the newest
    const full = await validateDatasetStream(
      [
        { name: "patients.jsonl", text: fs.readFileSync((await datasetFiles(db, w.auditId, /^patients\.part$/))[0]!, "utf8") },
        { name: "instances.jsonl", text: fs.readFileSync(state!, "utf8") },
      ].map(file),
    );
    expect(full.ok).toBe(false);
    if (!full.ok) expect(corrected.issues.map(({ item: _item, ...issue }) => issue)).toEqual(full.issues);
    await db.$disconnect();
  });
});
