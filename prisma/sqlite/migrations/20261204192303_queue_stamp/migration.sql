-- CreateTable
CREATE TABLE "QueueStamp" (
    "userId" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "changes" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("userId", "auditId"),
    CONSTRAINT "QueueStamp_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "QueueStamp_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "Audit" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "QueueStamp_auditId_idx" ON "QueueStamp"("auditId");

-- The counter is kept by the database, like AuditStamp's, so that no writer can miss it. A
-- rater's row appears with their first assignment in the audit.
INSERT INTO "QueueStamp" ("userId", "auditId", "changes") SELECT DISTINCT "userId", "auditId", 0 FROM "Assignment";

CREATE TRIGGER "QueueStamp_assignment_insert" AFTER INSERT ON "Assignment" BEGIN
    INSERT OR IGNORE INTO "QueueStamp" ("userId", "auditId", "changes") VALUES (NEW."userId", NEW."auditId", 0);
    UPDATE "QueueStamp" SET "changes" = "changes" + 1 WHERE "userId" = NEW."userId" AND "auditId" = NEW."auditId";
END;

CREATE TRIGGER "QueueStamp_assignment_update" AFTER UPDATE ON "Assignment" BEGIN
    INSERT OR IGNORE INTO "QueueStamp" ("userId", "auditId", "changes") VALUES (NEW."userId", NEW."auditId", 0);
    UPDATE "QueueStamp" SET "changes" = "changes" + 1
    WHERE ("userId" = OLD."userId" AND "auditId" = OLD."auditId") OR ("userId" = NEW."userId" AND "auditId" = NEW."auditId");
END;

CREATE TRIGGER "QueueStamp_assignment_delete" AFTER DELETE ON "Assignment" BEGIN
    UPDATE "QueueStamp" SET "changes" = "changes" + 1 WHERE "userId" = OLD."userId" AND "auditId" = OLD."auditId";
END;

CREATE TRIGGER "QueueStamp_rating_insert" AFTER INSERT ON "Rating" BEGIN
    UPDATE "QueueStamp" SET "changes" = "changes" + 1
    WHERE ("userId", "auditId") IN (SELECT "userId", "auditId" FROM "Assignment" WHERE "id" = NEW."assignmentId");
END;

CREATE TRIGGER "QueueStamp_rating_update" AFTER UPDATE ON "Rating" BEGIN
    UPDATE "QueueStamp" SET "changes" = "changes" + 1
    WHERE ("userId", "auditId") IN (SELECT "userId", "auditId" FROM "Assignment" WHERE "id" IN (OLD."assignmentId", NEW."assignmentId"));
END;

CREATE TRIGGER "QueueStamp_rating_delete" AFTER DELETE ON "Rating" BEGIN
    UPDATE "QueueStamp" SET "changes" = "changes" + 1
    WHERE ("userId", "auditId") IN (SELECT "userId", "auditId" FROM "Assignment" WHERE "id" = OLD."assignmentId");
END;
