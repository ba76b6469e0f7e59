-- AlterTable
ALTER TABLE "Audit" ADD COLUMN "guidelines" JSONB;
