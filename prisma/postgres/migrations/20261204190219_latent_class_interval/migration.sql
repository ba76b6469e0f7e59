-- CreateTable
CREATE TABLE "LatentClassInterval" (
    "auditId" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "inputs" TEXT NOT NULL,
    "interval" JSONB NOT NULL,
    "values" BYTEA NOT NULL,
    "computeMs" INTEGER NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LatentClassInterval_pkey" PRIMARY KEY ("auditId","dimension")
);

-- AddForeignKey
ALTER TABLE "LatentClassInterval" ADD CONSTRAINT "LatentClassInterval_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "Audit"("id") ON DELETE CASCADE ON UPDATE CASCADE;
