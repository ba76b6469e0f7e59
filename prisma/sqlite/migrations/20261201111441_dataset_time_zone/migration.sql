-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Dataset" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "family" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "formatVersion" TEXT,
    "checksum" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL DEFAULT 'UTC',
    "meta" JSONB NOT NULL,
    "patientCount" INTEGER NOT NULL,
    "itemCount" INTEGER NOT NULL,
    "eventCount" INTEGER NOT NULL,
    "noteCount" INTEGER NOT NULL,
    "importedById" TEXT,
    "importedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Dataset_importedById_fkey" FOREIGN KEY ("importedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Dataset" ("checksum", "eventCount", "family", "format", "formatVersion", "id", "importedAt", "importedById", "itemCount", "meta", "name", "noteCount", "patientCount", "version") SELECT "checksum", "eventCount", "family", "format", "formatVersion", "id", "importedAt", "importedById", "itemCount", "meta", "name", "noteCount", "patientCount", "version" FROM "Dataset";
DROP TABLE "Dataset";
ALTER TABLE "new_Dataset" RENAME TO "Dataset";
CREATE UNIQUE INDEX "Dataset_checksum_key" ON "Dataset"("checksum");
CREATE UNIQUE INDEX "Dataset_name_version_key" ON "Dataset"("name", "version");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
