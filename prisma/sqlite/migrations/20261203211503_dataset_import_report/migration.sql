-- AlterTable
ALTER TABLE "Dataset" ADD COLUMN "importReport" JSONB;
