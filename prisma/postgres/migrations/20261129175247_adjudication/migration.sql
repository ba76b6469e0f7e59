-- AlterTable
ALTER TABLE "Audit" ADD COLUMN     "adjudicatorId" TEXT;

-- CreateTable
CREATE TABLE "Adjudication" (
    "id" TEXT NOT NULL,
    "auditItemId" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "adjudicatorId" TEXT NOT NULL,
    "finalLabels" JSONB NOT NULL,
    "rationale" TEXT NOT NULL,
    "removeItem" BOOLEAN NOT NULL DEFAULT false,
    "decidedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Adjudication_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CorrectionDecision" (
    "id" TEXT NOT NULL,
    "correctionId" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "adjudicatorId" TEXT NOT NULL,
    "decision" TEXT NOT NULL,
    "applied" JSONB,
    "rationale" TEXT NOT NULL,
    "decidedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CorrectionDecision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Adjudication_auditItemId_key" ON "Adjudication"("auditItemId");

-- CreateIndex
CREATE INDEX "Adjudication_auditId_idx" ON "Adjudication"("auditId");

-- CreateIndex
CREATE UNIQUE INDEX "CorrectionDecision_correctionId_key" ON "CorrectionDecision"("correctionId");

-- CreateIndex
CREATE INDEX "CorrectionDecision_auditId_idx" ON "CorrectionDecision"("auditId");

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_auditItemId_fkey" FOREIGN KEY ("auditItemId") REFERENCES "AuditItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CorrectionDecision" ADD CONSTRAINT "CorrectionDecision_correctionId_fkey" FOREIGN KEY ("correctionId") REFERENCES "Correction"("id") ON DELETE CASCADE ON UPDATE CASCADE;
