-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Assignment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "auditId" TEXT NOT NULL,
    "auditItemId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "assignedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "withdrawnAt" DATETIME,
    "comment" TEXT NOT NULL DEFAULT '',
    "commentVersion" INTEGER NOT NULL DEFAULT 0,
    "lastActivityAt" DATETIME,
    "reviewPosition" INTEGER,
    "activeMs" INTEGER NOT NULL DEFAULT 0,
    "activeReportedAt" DATETIME,
    "flagged" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "Assignment_auditItemId_fkey" FOREIGN KEY ("auditItemId") REFERENCES "AuditItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Assignment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_Assignment" ("active", "assignedAt", "auditId", "auditItemId", "comment", "commentVersion", "id", "lastActivityAt", "userId", "withdrawnAt") SELECT "active", "assignedAt", "auditId", "auditItemId", "comment", "commentVersion", "id", "lastActivityAt", "userId", "withdrawnAt" FROM "Assignment";
DROP TABLE "Assignment";
ALTER TABLE "new_Assignment" RENAME TO "Assignment";
CREATE INDEX "Assignment_userId_auditId_idx" ON "Assignment"("userId", "auditId");
CREATE INDEX "Assignment_auditId_idx" ON "Assignment"("auditId");
CREATE UNIQUE INDEX "Assignment_auditItemId_userId_key" ON "Assignment"("auditItemId", "userId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
