-- CreateTable
CREATE TABLE "QueueStamp" (
    "userId" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "changes" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "QueueStamp_pkey" PRIMARY KEY ("userId","auditId")
);

-- CreateIndex
CREATE INDEX "QueueStamp_auditId_idx" ON "QueueStamp"("auditId");

-- AddForeignKey
ALTER TABLE "QueueStamp" ADD CONSTRAINT "QueueStamp_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueueStamp" ADD CONSTRAINT "QueueStamp_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "Audit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The counter is kept by the database, like AuditStamp's, so that no writer can miss it. A
-- rater's row appears with their first assignment in the audit.
INSERT INTO "QueueStamp" ("userId", "auditId", "changes") SELECT DISTINCT "userId", "auditId", 0 FROM "Assignment";

-- Counted at commit, as AuditStamp is: these triggers fire after AuditStamp's (deferred triggers of
-- one event fire in name order), so a transaction's first lock at commit is still its audit's
-- AuditStamp row, and two writers of one audit queue there before they touch a rater's row.
CREATE FUNCTION "QueueStamp_count_assignment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO "QueueStamp" ("userId", "auditId", "changes") VALUES (NEW."userId", NEW."auditId", 0)
        ON CONFLICT ("userId", "auditId") DO NOTHING;
    END IF;
    UPDATE "QueueStamp" SET "changes" = "changes" + 1
    WHERE (TG_OP <> 'DELETE' AND "userId" = NEW."userId" AND "auditId" = NEW."auditId")
       OR (TG_OP <> 'INSERT' AND "userId" = OLD."userId" AND "auditId" = OLD."auditId");
    RETURN NULL;
END $$;

CREATE FUNCTION "QueueStamp_count_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "QueueStamp" s SET "changes" = s."changes" + 1
    FROM "Assignment" a
    WHERE a."id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."assignmentId" ELSE NEW."assignmentId" END
      AND s."userId" = a."userId" AND s."auditId" = a."auditId";
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "QueueStamp_assignment" AFTER INSERT OR UPDATE OR DELETE ON "Assignment"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "QueueStamp_count_assignment"();

CREATE CONSTRAINT TRIGGER "QueueStamp_rating" AFTER INSERT OR UPDATE OR DELETE ON "Rating"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "QueueStamp_count_rating"();
