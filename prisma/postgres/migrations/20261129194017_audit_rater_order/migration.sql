-- AlterTable
ALTER TABLE "Audit" ADD COLUMN     "raterOrder" JSONB;
