-- AlterTable
ALTER TABLE "Audit" ADD COLUMN "adjudicatorId" TEXT;

-- CreateTable
CREATE TABLE "Adjudication" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "auditItemId" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "adjudicatorId" TEXT NOT NULL,
    "finalLabels" JSONB NOT NULL,
    "rationale" TEXT NOT NULL,
    "removeItem" BOOLEAN NOT NULL DEFAULT false,
    "decidedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Adjudication_auditItemId_fkey" FOREIGN KEY ("auditItemId") REFERENCES "AuditItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CorrectionDecision" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "correctionId" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "adjudicatorId" TEXT NOT NULL,
    "decision" TEXT NOT NULL,
    "applied" JSONB,
    "rationale" TEXT NOT NULL,
    "decidedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CorrectionDecision_correctionId_fkey" FOREIGN KEY ("correctionId") REFERENCES "Correction" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Adjudication_auditItemId_key" ON "Adjudication"("auditItemId");

-- CreateIndex
CREATE INDEX "Adjudication_auditId_idx" ON "Adjudication"("auditId");

-- CreateIndex
CREATE UNIQUE INDEX "CorrectionDecision_correctionId_key" ON "CorrectionDecision"("correctionId");

-- CreateIndex
CREATE INDEX "CorrectionDecision_auditId_idx" ON "CorrectionDecision"("auditId");
