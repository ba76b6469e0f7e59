-- The audit trail is append-only: the database itself refuses to change or remove a row, whatever
-- the application does (hand-written; Prisma has no notation for triggers). Nothing legitimate
-- updates or deletes trail rows: restores insert, audits and users are never deleted, and tests
-- drop whole databases.
CREATE TRIGGER "AuditEvent_no_update" BEFORE UPDATE ON "AuditEvent"
BEGIN
  SELECT RAISE(ABORT, 'AuditEvent is append-only: trail rows cannot be updated');
END;

CREATE TRIGGER "AuditEvent_no_delete" BEFORE DELETE ON "AuditEvent"
BEGIN
  SELECT RAISE(ABORT, 'AuditEvent is append-only: trail rows cannot be deleted');
END;
