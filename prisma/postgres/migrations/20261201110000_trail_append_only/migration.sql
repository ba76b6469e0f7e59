-- The audit trail is append-only: the database itself refuses to change or remove a row, whatever
-- the application does (hand-written; Prisma has no notation for triggers). Nothing legitimate
-- updates or deletes trail rows: restores insert, audits and users are never deleted, and tests
-- drop whole databases. TRUNCATE is refused too (it fires no row trigger).
CREATE FUNCTION "AuditEvent_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'AuditEvent is append-only: trail rows cannot be %d', lower(TG_OP) USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "AuditEvent_no_update" BEFORE UPDATE ON "AuditEvent" FOR EACH ROW EXECUTE FUNCTION "AuditEvent_append_only"();
CREATE TRIGGER "AuditEvent_no_delete" BEFORE DELETE ON "AuditEvent" FOR EACH ROW EXECUTE FUNCTION "AuditEvent_append_only"();
CREATE TRIGGER "AuditEvent_no_truncate" BEFORE TRUNCATE ON "AuditEvent" FOR EACH STATEMENT EXECUTE FUNCTION "AuditEvent_append_only"();
