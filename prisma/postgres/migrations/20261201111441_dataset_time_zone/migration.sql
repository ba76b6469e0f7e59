-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'UTC';
