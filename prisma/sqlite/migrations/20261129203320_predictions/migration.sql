-- CreateTable
CREATE TABLE "PredictionSet" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "datasetId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "checksum" TEXT NOT NULL,
    "models" JSONB NOT NULL,
    "scopes" JSONB NOT NULL,
    "rowCount" INTEGER NOT NULL,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PredictionSet_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PredictionSet_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Prediction" (
    "setId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "model" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "turn" INTEGER NOT NULL,
    "option" TEXT NOT NULL,

    PRIMARY KEY ("setId", "position"),
    CONSTRAINT "Prediction_setId_fkey" FOREIGN KEY ("setId") REFERENCES "PredictionSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Prediction_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EvaluationReport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "setId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "json" TEXT NOT NULL,
    "computeMs" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EvaluationReport_setId_fkey" FOREIGN KEY ("setId") REFERENCES "PredictionSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "PredictionSet_datasetId_checksum_key" ON "PredictionSet"("datasetId", "checksum");

-- CreateIndex
CREATE INDEX "Prediction_itemId_idx" ON "Prediction"("itemId");

-- CreateIndex
CREATE UNIQUE INDEX "Prediction_setId_model_scope_itemId_turn_key" ON "Prediction"("setId", "model", "scope", "itemId", "turn");

-- CreateIndex
CREATE UNIQUE INDEX "EvaluationReport_setId_key_key" ON "EvaluationReport"("setId", "key");
