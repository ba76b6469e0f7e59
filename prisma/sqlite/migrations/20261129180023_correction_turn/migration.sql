-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Correction" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "assignmentId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "turnOrder" INTEGER NOT NULL DEFAULT 0,
    "proposal" TEXT NOT NULL,
    "newGold" TEXT,
    "rationale" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Correction_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Correction" ("assignmentId", "createdAt", "id", "kind", "newGold", "proposal", "rationale", "updatedAt", "version") SELECT "assignmentId", "createdAt", "id", "kind", "newGold", "proposal", "rationale", "updatedAt", "version" FROM "Correction";
DROP TABLE "Correction";
ALTER TABLE "new_Correction" RENAME TO "Correction";
CREATE UNIQUE INDEX "Correction_assignmentId_kind_turnOrder_key" ON "Correction"("assignmentId", "kind", "turnOrder");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
