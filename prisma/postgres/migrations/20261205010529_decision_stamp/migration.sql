-- AlterTable
ALTER TABLE "AuditStamp" ADD COLUMN     "decisions" INTEGER NOT NULL DEFAULT 0;

-- Kept by the database, like "changes": every insert, update or delete of a correction decision
-- (an adjudication's save, a restore, a cascade from a withdrawn correction) adds one. Counted at
-- commit, as "changes" is, so that the audit's stamp row is a transaction's last lock.
CREATE FUNCTION "AuditStamp_count_decision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "AuditStamp" SET "decisions" = "decisions" + 1
    WHERE "auditId" = CASE WHEN TG_OP = 'DELETE' THEN OLD."auditId" ELSE NEW."auditId" END
       OR (TG_OP = 'UPDATE' AND "auditId" = OLD."auditId");
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "AuditStamp_decision" AFTER INSERT OR UPDATE OR DELETE ON "CorrectionDecision"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "AuditStamp_count_decision"();

-- A decision's change log names the proposal's kind, turn and rationale: their edits count too.
CREATE FUNCTION "AuditStamp_count_correction"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "AuditStamp" SET "decisions" = "decisions" + 1
    WHERE "auditId" IN (
        SELECT "auditId" FROM "Assignment"
        WHERE "id" = OLD."assignmentId" OR (TG_OP = 'UPDATE' AND "id" = NEW."assignmentId")
    );
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "AuditStamp_correction" AFTER UPDATE OR DELETE ON "Correction"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "AuditStamp_count_correction"();
