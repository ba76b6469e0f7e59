-- CreateTable
CREATE TABLE "LatentClassInterval" (
    "auditId" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "inputs" TEXT NOT NULL,
    "interval" JSONB NOT NULL,
    "values" BLOB NOT NULL,
    "computeMs" INTEGER NOT NULL,
    "computedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("auditId", "dimension"),
    CONSTRAINT "LatentClassInterval_auditId_fkey" FOREIGN KEY ("auditId") REFERENCES "Audit" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
