-- DropIndex
DROP INDEX "Correction_assignmentId_kind_key";

-- AlterTable
ALTER TABLE "Correction" ADD COLUMN     "turnOrder" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "Correction_assignmentId_kind_turnOrder_key" ON "Correction"("assignmentId", "kind", "turnOrder");
