-- CreateTable
CREATE TABLE "AuditStamp" (
    "auditId" TEXT NOT NULL,
    "changes" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AuditStamp_pkey" PRIMARY KEY ("auditId")
);

-- AddForeignKey
ALTER TABLE "AuditStamp" ADD CONSTRAINT "AuditStamp_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "Audit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The counter is kept by the database, so that no writer (the app, the CLI, a restore) can miss it.
-- Every audit has its row from its creation on.
INSERT INTO "AuditStamp" ("auditId", "changes") SELECT "id", 0 FROM "Audit";

CREATE FUNCTION "AuditStamp_new_audit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "AuditStamp" ("auditId", "changes") VALUES (NEW."id", 0);
    RETURN NULL;
END $$;

CREATE TRIGGER "AuditStamp_audit_insert" AFTER INSERT ON "Audit" FOR EACH ROW EXECUTE FUNCTION "AuditStamp_new_audit"();

-- Counted at commit (deferred constraint triggers): the counter's row is then the last lock a
-- transaction takes, after every assignment and rating row it changed, so that two saves of the
-- same audit wait for each other there and never hold each other's rows in a cycle (a deadlock).
CREATE FUNCTION "AuditStamp_count_assignment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "AuditStamp" SET "changes" = "changes" + 1
    WHERE "auditId" = CASE WHEN TG_OP = 'DELETE' THEN OLD."auditId" ELSE NEW."auditId" END
       OR (TG_OP = 'UPDATE' AND "auditId" = OLD."auditId");
    RETURN NULL;
END $$;

CREATE FUNCTION "AuditStamp_count_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "AuditStamp" SET "changes" = "changes" + 1
    WHERE "auditId" IN (
        SELECT "auditId" FROM "Assignment"
        WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."assignmentId" ELSE NEW."assignmentId" END
    );
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "AuditStamp_assignment" AFTER INSERT OR UPDATE OR DELETE ON "Assignment"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "AuditStamp_count_assignment"();

CREATE CONSTRAINT TRIGGER "AuditStamp_rating" AFTER INSERT OR UPDATE OR DELETE ON "Rating"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "AuditStamp_count_rating"();
