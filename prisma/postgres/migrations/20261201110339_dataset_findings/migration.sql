-- CreateTable
CREATE TABLE "DatasetFinding" (
    "id" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "itemId" TEXT,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "location" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "detail" JSONB NOT NULL,

    CONSTRAINT "DatasetFinding_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DatasetFinding_datasetId_kind_idx" ON "DatasetFinding"("datasetId", "kind");

-- CreateIndex
CREATE INDEX "DatasetFinding_itemId_idx" ON "DatasetFinding"("itemId");

-- AddForeignKey
ALTER TABLE "DatasetFinding" ADD CONSTRAINT "DatasetFinding_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DatasetFinding" ADD CONSTRAINT "DatasetFinding_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item"("id") ON DELETE CASCADE ON UPDATE CASCADE;
