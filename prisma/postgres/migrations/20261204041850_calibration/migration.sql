-- AlterTable
ALTER TABLE "Audit" ADD COLUMN     "calibrationGate" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "calibrationPassPercent" INTEGER NOT NULL DEFAULT 80;

-- CreateTable
CREATE TABLE "CalibrationItem" (
    "id" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "key" JSONB NOT NULL,
    "rationale" TEXT NOT NULL,

    CONSTRAINT "CalibrationItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CalibrationRound" (
    "id" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "raterIds" JSONB,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedById" TEXT NOT NULL,

    CONSTRAINT "CalibrationRound_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CalibrationRating" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "calibrationItemId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "labels" JSONB NOT NULL,
    "activeMs" INTEGER NOT NULL,
    "savedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CalibrationRating_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "CalibrationItem" ADD CONSTRAINT "CalibrationItem_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "Audit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationItem" ADD CONSTRAINT "CalibrationItem_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationRound" ADD CONSTRAINT "CalibrationRound_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "Audit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationRating" ADD CONSTRAINT "CalibrationRating_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "CalibrationRound"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationRating" ADD CONSTRAINT "CalibrationRating_calibrationItemId_fkey" FOREIGN KEY ("calibrationItemId") REFERENCES "CalibrationItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationRating" ADD CONSTRAINT "CalibrationRating_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
