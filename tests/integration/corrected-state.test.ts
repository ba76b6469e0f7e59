// The accepted corrections are kept per the audit's decision counter and a few small reads
// (corrected-state.ts): read once, and read again whenever anything they show changes, whoever
// wrote the change; not after a rating is saved, which changes nothing they show.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { correctedState } from "@/lib/server/adjudication/corrected-state";
import { buildAudit } from "./backup-world";
import { DATABASES, target } from "./databases";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "corrected-state-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe.each(DATABASES)("the kept corrected state on $name", (database) => {
  afterAll(() => database.dropAll());

  it("is read once and again after every change of what it shows", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    try {
      // One GOLD correction accepted, one STEM correction rejected.
      const auditId = await buildAudit(db);
      const first = (await correctedState(db, auditId))!;
      expect(first.decisions.map((d) => d.decision)).toEqual(["ACCEPTED"]);
      expect(await correctedState(db, auditId)).toBe(first);
      // A rating saved (the audit's change counter moves) changes nothing it shows: still kept.
      const rating = await db.rating.findFirstOrThrow({ where: { assignment: { auditId }, category: { not: null } } });
      await db.rating.update({ where: { id: rating.id }, data: { category: rating.category === "correct" ? "incorrect" : "correct" } });
      expect(await correctedState(db, auditId)).toBe(first);

      // Written straight to the tables (no server function), as a script or a restore would.
      const accepted = await db.correctionDecision.findFirstOrThrow({ where: { auditId, decision: "ACCEPTED" } });
      await db.correctionDecision.update({ where: { id: accepted.id }, data: { rationale: "checked twice" } });
      const edited = (await correctedState(db, auditId))!;
      expect(edited.decisions[0]!.rationale).toBe("checked twice");
      expect(edited.key).not.toBe(first.key);

      const proposal = await db.correction.findUniqueOrThrow({
        where: { id: accepted.correctionId },
        select: { id: true, assignment: { select: { userId: true } } },
      });
      await db.correction.update({ where: { id: proposal.id }, data: { rationale: "per the record, E012" } });
      expect((await correctedState(db, auditId))!.decisions[0]!.proposalRationale).toBe("per the record, E012");

      // A name in the change log: the proposer's account, renamed.
      await db.user.update({ where: { id: proposal.assignment.userId }, data: { name: "Dr. Renamed" } });
      expect((await correctedState(db, auditId))!.decisions[0]!.proposedBy).toBe("Dr. Renamed");

      await db.audit.update({ where: { id: auditId }, data: { name: "Renamed audit" } });
      const renamed = (await correctedState(db, auditId))!;
      expect(renamed.auditName).toBe("Renamed audit");
      expect(await correctedState(db, auditId)).toBe(renamed);

      // The proposal withdrawn: its decision goes with it (a cascade).
      await db.correction.delete({ where: { id: proposal.id } });
      expect((await correctedState(db, auditId))!.decisions).toEqual([]);

      expect(await correctedState(db, "no-such-audit")).toBeNull();
    } finally {
      await db.$disconnect();
    }
  }, 120_000);
});
