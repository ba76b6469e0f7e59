// Public API of the backup file format (pure apart from node:crypto: no Prisma, no Next).
export * from "./format";
export { BackupWriter, isoOrNull } from "./writer";
export { validateBackup, readBackupRecords, BackupChangedError, type BackupPlan, type BackupValidation } from "./reader";
