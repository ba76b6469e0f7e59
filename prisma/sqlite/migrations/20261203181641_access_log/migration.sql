-- CreateTable
CREATE TABLE "AccessEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "userId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "patient" TEXT,
    "itemExternalId" TEXT,
    "datasetId" TEXT,
    "auditId" TEXT,
    "itemId" TEXT,
    "auditItemId" TEXT,
    "detail" TEXT,
    "address" TEXT
);

-- CreateIndex
CREATE INDEX "AccessEvent_userId_at_idx" ON "AccessEvent"("userId", "at");

-- CreateIndex
CREATE INDEX "AccessEvent_patient_at_idx" ON "AccessEvent"("patient", "at");

-- CreateIndex
CREATE INDEX "AccessEvent_at_idx" ON "AccessEvent"("at");

-- CreateIndex
CREATE INDEX "AccessEvent_auditId_idx" ON "AccessEvent"("auditId");

-- CreateIndex
CREATE INDEX "AccessEvent_datasetId_patient_idx" ON "AccessEvent"("datasetId", "patient");
