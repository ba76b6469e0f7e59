// Corrections of conversation turns end to end on a real database: proposed per (kind, turn),
// adjudicated with the turn taken from the correction, exported in the original format.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { parseDataset, type Conversation } from "@/lib/formats";
import { setAuditStatus } from "@/lib/server/audits/set-status";
import { loadCase } from "@/tests/support/load-case";
import { reviewQueue } from "@/lib/server/review/queue";
import { saveCorrection } from "@/lib/server/review/save-correction";
import { DATABASES, target } from "@/tests/integration/databases";
import { seedAudit } from "@/tests/support/world";
import { correctedBenchmark, correctedSummary } from "./corrected-export";
import { loadAdjudicationItem } from "./load-item";
import { saveAdjudication } from "./save-adjudication";
import { saveAdjudicationSchema } from "../../schemas/adjudication";

const NOTES = fs.readFileSync(path.resolve("lib/formats/__fixtures__/notes-chatqa.example.json"), "utf8");

const exportRoot = fs.mkdtempSync(path.join(os.tmpdir(), "corrected-notes-"));
afterAll(() => fs.rmSync(exportRoot, { recursive: true, force: true }));

describe.each(DATABASES)("conversation corrections on $name", (database) => {
  afterAll(() => database.dropAll());

  it("two gold corrections on two turns coexist, are adjudicated on their turns and exported", async () => {
    const db = createDb(await database.create().then(async (url) => (await applyMigrations(target(url)), url)));
    const { organizer, raters, audit } = await seedAudit(db, {
      benchmark: [{ name: "notes.json", text: NOTES }],
      raters: ["a", "b"],
      name: "Notes",
      seed: "1",
    });
    const [a, b] = [raters[0]!, raters[1]!];
    const assignment = async (userId: string) => (await reviewQueue(db, userId))[0]!.items[0]!.assignmentId;
    const [idA, idB] = [await assignment(a.id), await assignment(b.id)];

    const gold = (turnOrder: number, newGold: string) =>
      saveCorrection(db, a.id, {
        assignmentId: idA,
        kind: "GOLD",
        turnOrder,
        correction: { kind: "GOLD", proposal: `Option ${newGold}`, newGold, rationale: "per the note" },
        expectedVersion: 0,
      });
    expect(await gold(1, "A")).toMatchObject({ turnOrder: 1, version: 1 });
    expect(await gold(2, "C")).toMatchObject({ turnOrder: 2, version: 1 });
    const bad = "Option E: Note #7 Chartdate: 2150-09-01 Headers: Pertinent Results";
    await saveCorrection(db, b.id, {
      assignmentId: idB,
      kind: "DISTRACTOR",
      turnOrder: 2,
      correction: { kind: "DISTRACTOR", proposal: bad, rationale: "r" },
      expectedVersion: 0,
    });
    const mine = (await loadCase(db, a.id, idA))!.corrections;
    expect(mine.map((c) => [c.kind, c.turnOrder, c.newGold]).sort()).toEqual([
      ["GOLD", 1, "A"],
      ["GOLD", 2, "C"],
    ]);
    // While open, an item the raters have not finished cannot be adjudicated.
    const openItem = (await db.auditItem.findFirstOrThrow({ where: { auditId: audit.id } })).id;
    await expect(
      saveAdjudication(
        db,
        organizer.id,
        saveAdjudicationSchema.parse({
          auditId: audit.id,
          auditItemId: openItem,
          finalLabels: { gold: "correct", question: "clear" },
          rationale: "early",
          decisions: [],
        }),
      ),
    ).rejects.toThrow(/must finish this item/);
    await setAuditStatus(db, organizer.id, audit.id, "close");

    const auditItemId = (await db.auditItem.findFirstOrThrow({ where: { auditId: audit.id } })).id;
    const loaded = (await loadAdjudicationItem(db, audit.id, auditItemId))!;
    const byTurn = (userId: string, turnOrder: number) =>
      loaded.raters.find((r) => r.user.id === userId)!.corrections.find((c) => c.turnOrder === turnOrder)!;
    const [c1, c2, c3] = [byTurn(a.id, 1), byTurn(a.id, 2), byTurn(b.id, 2)];
    const adjudicate = (decisions: unknown[]) =>
      saveAdjudication(
        db,
        organizer.id,
        saveAdjudicationSchema.parse({
          auditId: audit.id,
          auditItemId,
          finalLabels: { gold: "incorrect", question: "clear" },
          rationale: "gold was wrong",
          decisions,
        }),
      );

    // A corrected source option must cite the patient's notes.
    await expect(
      adjudicate([
        { correctionId: c3.id, decision: "ACCEPTED", applied: { kind: "DISTRACTOR", label: "E", text: bad.slice(10) }, rationale: "ok" },
      ]),
    ).rejects.toThrow(/Note #7/);

    // The turn comes from the correction, whatever the form sends.
    await adjudicate([
      { correctionId: c1.id, decision: "ACCEPTED", applied: { kind: "GOLD", answer: "A" }, rationale: "confirmed" },
      { correctionId: c2.id, decision: "EDITED", applied: { kind: "GOLD", answer: "D", turnOrder: 1 }, rationale: "D cites the diagnosis" },
      { correctionId: c3.id, decision: "REJECTED", applied: null, rationale: "no such note" },
    ]);
    // Re-saving a decision: its trail row keeps what it replaced.
    await adjudicate([
      { correctionId: c1.id, decision: "ACCEPTED", applied: { kind: "GOLD", answer: "A" }, rationale: "confirmed" },
      { correctionId: c2.id, decision: "EDITED", applied: { kind: "GOLD", answer: "D", turnOrder: 1 }, rationale: "D cites the diagnosis" },
      { correctionId: c3.id, decision: "REJECTED", applied: null, rationale: "no such note, checked twice" },
    ]);
    const redo = await db.auditEvent.findFirstOrThrow({
      where: { entity: "Correction", entityId: c3.id },
      orderBy: [{ at: "desc" }, { id: "desc" }],
    });
    expect(redo).toMatchObject({
      before: { decision: "REJECTED", applied: null, rationale: "no such note" },
      after: { decision: "REJECTED", rationale: "no such note, checked twice" },
    });
    const stored = await db.correctionDecision.findMany({
      where: { auditId: audit.id, decision: { not: "REJECTED" } },
      select: { correctionId: true, applied: true },
    });
    expect(Object.fromEntries(stored.map((d) => [d.correctionId, d.applied]))).toEqual({
      [c1.id]: { kind: "GOLD", answer: "A", turnOrder: 1 },
      [c2.id]: { kind: "GOLD", answer: "D", turnOrder: 2 },
    });

    const bundle = (await correctedBenchmark(db, audit.id, exportRoot))!;
    expect(bundle.ok).toBe(true);
    // The adjudication page lists the same files and counts without building them.
    expect(await correctedSummary(db, audit.id, { organizer: true })).toEqual({
      files: bundle.files.map((f) => f.name),
      changes: bundle.changes,
      removed: bundle.removed,
    });
    // A clinician adjudicator is offered the change log only: the data files are the whole dataset.
    expect((await correctedSummary(db, audit.id, { organizer: false }))!.files).toEqual(["changelog.json", "changelog.md"]);
    const file = (name: string) => bundle.files.find((f) => f.name === name)!.text();
    const parsed = await parseDataset([{ name: "notes-chatqa.json", chunks: file("notes-chatqa.json") }]);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const turns = (parsed.dataset.items[0] as Conversation).turns;
    expect(turns.map((t) => t.answer)).toEqual(["A", "D"]);
    expect(turns[1]!.goldSources).toEqual([{ noteNum: 1, headers: ["Chief Complaint", "Discharge Diagnosis"] }]);
    const log = JSON.parse(file("changelog.json"));
    expect(log.changes.map((c: { change: unknown; before: unknown; after: unknown }) => [c.change, c.before, c.after])).toEqual([
      [{ kind: "GOLD", answer: "A", turnOrder: 1 }, "B", "A"],
      [{ kind: "GOLD", answer: "D", turnOrder: 2 }, "B", "D"],
    ]);
    expect(file("changelog.md")).toContain("gold (turn 2): B → D");
    await db.$disconnect();
  });
});
