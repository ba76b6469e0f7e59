-- AlterTable (a column with a constant default: no rebuild of the table, whose triggers stay)
ALTER TABLE "AuditStamp" ADD COLUMN "decisions" INTEGER NOT NULL DEFAULT 0;

-- Kept by the database, like "changes": every insert, update or delete of a correction decision
-- (an adjudication's save, a restore, a cascade from a withdrawn correction) adds one.
CREATE TRIGGER "AuditStamp_decision_insert" AFTER INSERT ON "CorrectionDecision" BEGIN
    UPDATE "AuditStamp" SET "decisions" = "decisions" + 1 WHERE "auditId" = NEW."auditId";
END;

CREATE TRIGGER "AuditStamp_decision_update" AFTER UPDATE ON "CorrectionDecision" BEGIN
    UPDATE "AuditStamp" SET "decisions" = "decisions" + 1 WHERE "auditId" IN (OLD."auditId", NEW."auditId");
END;

CREATE TRIGGER "AuditStamp_decision_delete" AFTER DELETE ON "CorrectionDecision" BEGIN
    UPDATE "AuditStamp" SET "decisions" = "decisions" + 1 WHERE "auditId" = OLD."auditId";
END;

-- A decision's change log names the proposal's kind, turn and rationale: their edits count too.
CREATE TRIGGER "AuditStamp_correction_update" AFTER UPDATE ON "Correction" BEGIN
    UPDATE "AuditStamp" SET "decisions" = "decisions" + 1
    WHERE "auditId" IN (SELECT "auditId" FROM "Assignment" WHERE "id" IN (OLD."assignmentId", NEW."assignmentId"));
END;

CREATE TRIGGER "AuditStamp_correction_delete" AFTER DELETE ON "Correction" BEGIN
    UPDATE "AuditStamp" SET "decisions" = "decisions" + 1
    WHERE "auditId" = (SELECT "auditId" FROM "Assignment" WHERE "id" = OLD."assignmentId");
END;
