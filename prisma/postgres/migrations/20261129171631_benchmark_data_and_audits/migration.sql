-- CreateEnum
CREATE TYPE "AuditStatus" AS ENUM ('DRAFT', 'OPEN', 'CLOSED');

-- CreateTable
CREATE TABLE "Dataset" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "family" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "formatVersion" TEXT,
    "checksum" TEXT NOT NULL,
    "meta" JSONB NOT NULL,
    "patientCount" INTEGER NOT NULL,
    "itemCount" INTEGER NOT NULL,
    "eventCount" INTEGER NOT NULL,
    "noteCount" INTEGER NOT NULL,
    "importedById" TEXT,
    "importedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Dataset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Patient" (
    "id" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "Patient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EhrEvent" (
    "id" TEXT NOT NULL,
    "patientId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "eventId" TEXT NOT NULL,
    "time" TIMESTAMP(3) NOT NULL,
    "gaDays" INTEGER,
    "visitId" TEXT,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "text" TEXT,
    "data" JSONB NOT NULL,

    CONSTRAINT "EhrEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Note" (
    "id" TEXT NOT NULL,
    "patientId" TEXT NOT NULL,
    "noteNum" INTEGER NOT NULL,
    "chartdate" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "Note_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Item" (
    "id" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "patientId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "cutoffTime" TIMESTAMP(3),
    "chapter" TEXT,
    "level" TEXT,
    "decisionPoint" INTEGER,
    "ruleId" TEXT,
    "question" TEXT NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "Item_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Audit" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "status" "AuditStatus" NOT NULL DEFAULT 'DRAFT',
    "rubric" JSONB NOT NULL,
    "sampleSize" INTEGER NOT NULL,
    "seed" TEXT NOT NULL,
    "strata" JSONB NOT NULL,
    "sampling" JSONB NOT NULL,
    "populationSize" INTEGER NOT NULL,
    "design" TEXT NOT NULL,
    "ratersPerItem" INTEGER,
    "shareResults" BOOLEAN NOT NULL DEFAULT false,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "openedAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),

    CONSTRAINT "Audit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditItem" (
    "id" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "sampleOrder" INTEGER NOT NULL,

    CONSTRAINT "AuditItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Assignment" (
    "id" TEXT NOT NULL,
    "auditId" TEXT NOT NULL,
    "auditItemId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "assignedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "withdrawnAt" TIMESTAMP(3),
    "comment" TEXT NOT NULL DEFAULT '',
    "commentVersion" INTEGER NOT NULL DEFAULT 0,
    "lastActivityAt" TIMESTAMP(3),

    CONSTRAINT "Assignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Rating" (
    "id" TEXT NOT NULL,
    "assignmentId" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "category" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Rating_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Correction" (
    "id" TEXT NOT NULL,
    "assignmentId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "proposal" TEXT NOT NULL,
    "newGold" TEXT,
    "rationale" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Correction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Dataset_checksum_key" ON "Dataset"("checksum");

-- CreateIndex
CREATE UNIQUE INDEX "Dataset_name_version_key" ON "Dataset"("name", "version");

-- CreateIndex
CREATE UNIQUE INDEX "Patient_datasetId_externalId_key" ON "Patient"("datasetId", "externalId");

-- CreateIndex
CREATE INDEX "EhrEvent_patientId_time_idx" ON "EhrEvent"("patientId", "time");

-- CreateIndex
CREATE UNIQUE INDEX "EhrEvent_patientId_eventId_key" ON "EhrEvent"("patientId", "eventId");

-- CreateIndex
CREATE UNIQUE INDEX "Note_patientId_noteNum_key" ON "Note"("patientId", "noteNum");

-- CreateIndex
CREATE INDEX "Item_datasetId_chapter_idx" ON "Item"("datasetId", "chapter");

-- CreateIndex
CREATE UNIQUE INDEX "Item_datasetId_externalId_key" ON "Item"("datasetId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "AuditItem_auditId_itemId_key" ON "AuditItem"("auditId", "itemId");

-- CreateIndex
CREATE UNIQUE INDEX "AuditItem_auditId_sampleOrder_key" ON "AuditItem"("auditId", "sampleOrder");

-- CreateIndex
CREATE INDEX "Assignment_userId_auditId_idx" ON "Assignment"("userId", "auditId");

-- CreateIndex
CREATE INDEX "Assignment_auditId_idx" ON "Assignment"("auditId");

-- CreateIndex
CREATE UNIQUE INDEX "Assignment_auditItemId_userId_key" ON "Assignment"("auditItemId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Rating_assignmentId_dimension_key" ON "Rating"("assignmentId", "dimension");

-- CreateIndex
CREATE UNIQUE INDEX "Correction_assignmentId_kind_key" ON "Correction"("assignmentId", "kind");

-- AddForeignKey
ALTER TABLE "Dataset" ADD CONSTRAINT "Dataset_importedById_fkey" FOREIGN KEY ("importedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Patient" ADD CONSTRAINT "Patient_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EhrEvent" ADD CONSTRAINT "EhrEvent_patientId_fkey" FOREIGN KEY ("patientId") REFERENCES "Patient"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Note" ADD CONSTRAINT "Note_patientId_fkey" FOREIGN KEY ("patientId") REFERENCES "Patient"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Item" ADD CONSTRAINT "Item_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Item" ADD CONSTRAINT "Item_patientId_fkey" FOREIGN KEY ("patientId") REFERENCES "Patient"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Audit" ADD CONSTRAINT "Audit_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Audit" ADD CONSTRAINT "Audit_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditItem" ADD CONSTRAINT "AuditItem_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "Audit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditItem" ADD CONSTRAINT "AuditItem_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_auditItemId_fkey" FOREIGN KEY ("auditItemId") REFERENCES "AuditItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Rating" ADD CONSTRAINT "Rating_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Correction" ADD CONSTRAINT "Correction_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
