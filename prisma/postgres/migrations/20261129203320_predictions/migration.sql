-- CreateTable
CREATE TABLE "PredictionSet" (
    "id" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "checksum" TEXT NOT NULL,
    "models" JSONB NOT NULL,
    "scopes" JSONB NOT NULL,
    "rowCount" INTEGER NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PredictionSet_pkey" PRIMARY KEY ("id")
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

    CONSTRAINT "Prediction_pkey" PRIMARY KEY ("setId","position")
);

-- CreateTable
CREATE TABLE "EvaluationReport" (
    "id" TEXT NOT NULL,
    "setId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "json" TEXT NOT NULL,
    "computeMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EvaluationReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PredictionSet_datasetId_checksum_key" ON "PredictionSet"("datasetId", "checksum");

-- CreateIndex
CREATE INDEX "Prediction_itemId_idx" ON "Prediction"("itemId");

-- CreateIndex
CREATE UNIQUE INDEX "Prediction_setId_model_scope_itemId_turn_key" ON "Prediction"("setId", "model", "scope", "itemId", "turn");

-- CreateIndex
CREATE UNIQUE INDEX "EvaluationReport_setId_key_key" ON "EvaluationReport"("setId", "key");

-- AddForeignKey
ALTER TABLE "PredictionSet" ADD CONSTRAINT "PredictionSet_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PredictionSet" ADD CONSTRAINT "PredictionSet_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Prediction" ADD CONSTRAINT "Prediction_setId_fkey" FOREIGN KEY ("setId") REFERENCES "PredictionSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Prediction" ADD CONSTRAINT "Prediction_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvaluationReport" ADD CONSTRAINT "EvaluationReport_setId_fkey" FOREIGN KEY ("setId") REFERENCES "PredictionSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;
