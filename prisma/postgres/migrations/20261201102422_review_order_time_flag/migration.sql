-- AlterTable
ALTER TABLE "Assignment" ADD COLUMN     "activeMs" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "activeReportedAt" TIMESTAMP(3),
ADD COLUMN     "flagged" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "reviewPosition" INTEGER;
