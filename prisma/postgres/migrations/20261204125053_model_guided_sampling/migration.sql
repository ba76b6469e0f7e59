-- AlterTable
ALTER TABLE "Audit" ADD COLUMN     "modelDesign" JSONB;

-- AlterTable
ALTER TABLE "AuditItem" ADD COLUMN     "modelStratum" TEXT;
