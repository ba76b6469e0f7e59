-- CreateTable
CREATE TABLE "AuditStamp" (
    "auditId" TEXT NOT NULL PRIMARY KEY,
    "changes" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "AuditStamp_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "Audit" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The counter is kept by the database, so that no writer (the app, the CLI, a restore) can miss it.
-- Every audit has its row from its creation on.
INSERT INTO "AuditStamp" ("auditId", "changes") SELECT "id", 0 FROM "Audit";

CREATE TRIGGER "AuditStamp_audit_insert" AFTER INSERT ON "Audit" BEGIN
    INSERT INTO "AuditStamp" ("auditId", "changes") VALUES (NEW."id", 0);
END;

CREATE TRIGGER "AuditStamp_assignment_insert" AFTER INSERT ON "Assignment" BEGIN
    UPDATE "AuditStamp" SET "changes" = "changes" + 1 WHERE "auditId" = NEW."auditId";
END;

CREATE TRIGGER "AuditStamp_assignment_update" AFTER UPDATE ON "Assignment" BEGIN
    UPDATE "AuditStamp" SET "changes" = "changes" + 1 WHERE "auditId" IN (OLD."auditId", NEW."auditId");
END;

CREATE TRIGGER "AuditStamp_assignment_delete" AFTER DELETE ON "Assignment" BEGIN
    UPDATE "AuditStamp" SET "changes" = "changes" + 1 WHERE "auditId" = OLD."auditId";
END;

CREATE TRIGGER "AuditStamp_rating_insert" AFTER INSERT ON "Rating" BEGIN
    UPDATE "AuditStamp" SET "changes" = "changes" + 1
    WHERE "auditId" = (SELECT "auditId" FROM "Assignment" WHERE "id" = NEW."assignmentId");
END;

CREATE TRIGGER "AuditStamp_rating_update" AFTER UPDATE ON "Rating" BEGIN
    UPDATE "AuditStamp" SET "changes" = "changes" + 1
    WHERE "auditId" IN (SELECT "auditId" FROM "Assignment" WHERE "id" IN (OLD."assignmentId", NEW."assignmentId"));
END;

CREATE TRIGGER "AuditStamp_rating_delete" AFTER DELETE ON "Rating" BEGIN
    UPDATE "AuditStamp" SET "changes" = "changes" + 1
    WHERE "auditId" = (SELECT "auditId" FROM "Assignment" WHERE "id" = OLD."assignmentId");
END;
