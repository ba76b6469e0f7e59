-- CreateTable
CREATE TABLE "CalibrationItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "auditId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "key" JSONB NOT NULL,
    "rationale" TEXT NOT NULL,
    CONSTRAINT "CalibrationItem_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "Audit" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CalibrationItem_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CalibrationRound" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "auditId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "raterIds" JSONB,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedById" TEXT NOT NULL,
    CONSTRAINT "CalibrationRound_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "Audit" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CalibrationRating" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "roundId" TEXT NOT NULL,
    "calibrationItemId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "labels" JSONB NOT NULL,
    "activeMs" INTEGER NOT NULL,
    "savedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CalibrationRating_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "CalibrationRound" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CalibrationRating_calibrationItemId_fkey" FOREIGN KEY ("calibrationItemId") REFERENCES "CalibrationItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CalibrationRating_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Audit" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "rubric" JSONB NOT NULL,
    "sampleSize" INTEGER NOT NULL,
    "seed" TEXT NOT NULL,
    "strata" JSONB NOT NULL,
    "sampling" JSONB NOT NULL,
    "populationSize" INTEGER NOT NULL,
    "design" TEXT NOT NULL,
    "ratersPerItem" INTEGER,
    "shareResults" BOOLEAN NOT NULL DEFAULT false,
    "adjudicatorId" TEXT,
    "raterOrder" JSONB,
    "guidelines" JSONB,
    "createdById" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "openedAt" DATETIME,
    "closedAt" DATETIME,
    "calibrationPassPercent" INTEGER NOT NULL DEFAULT 80,
    "calibrationGate" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "Audit_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Audit_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_Audit" ("adjudicatorId", "closedAt", "createdAt", "createdById", "datasetId", "design", "guidelines", "id", "name", "openedAt", "populationSize", "raterOrder", "ratersPerItem", "rubric", "sampleSize", "sampling", "seed", "shareResults", "status", "strata") SELECT "adjudicatorId", "closedAt", "createdAt", "createdById", "datasetId", "design", "guidelines", "id", "name", "openedAt", "populationSize", "raterOrder", "ratersPerItem", "rubric", "sampleSize", "sampling", "seed", "shareResults", "status", "strata" FROM "Audit";
DROP TABLE "Audit";
ALTER TABLE "new_Audit" RENAME TO "Audit";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "CalibrationItem_auditId_itemId_key" ON "CalibrationItem"("auditId", "itemId");

-- CreateIndex
CREATE UNIQUE INDEX "CalibrationItem_auditId_position_key" ON "CalibrationItem"("auditId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "CalibrationRound_auditId_number_key" ON "CalibrationRound"("auditId", "number");

-- CreateIndex
CREATE INDEX "CalibrationRating_userId_idx" ON "CalibrationRating"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "CalibrationRating_roundId_userId_calibrationItemId_key" ON "CalibrationRating"("roundId", "userId", "calibrationItemId");
