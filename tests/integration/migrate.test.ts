import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations, migrationsDir, migrationStatus } from "@/lib/db/migrate";
import { DATABASES, target } from "./databases";

async function tables(url: string): Promise<string[]> {
  const t = target(url);
  if (t.provider === "sqlite") {
    const db = new Database(t.file, { readonly: true });
    const rows = db.prepare("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name").all() as { name: string }[];
    db.close();
    return rows.map((r) => r.name);
  }
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  const { rows } = await client.query("SELECT tablename AS name FROM pg_tables WHERE schemaname='public' ORDER BY tablename");
  await client.end();
  return rows.map((r) => r.name as string);
}

/** A copy of the real migrations plus extra ones, to exercise failure paths. */
function migrationsWith(provider: "sqlite" | "postgres", extra: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-migrations-"));
  fs.cpSync(migrationsDir(provider), dir, { recursive: true });
  for (const [name, sql] of Object.entries(extra)) {
    fs.mkdirSync(path.join(dir, name));
    fs.writeFileSync(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

describe.each(DATABASES)("migrations on $name", (database) => {
  afterAll(() => database.dropAll());

  it("creates every table on an empty database, then does nothing the second time", async () => {
    const url = await database.create();
    const first = await applyMigrations(target(url));
    expect(first.applied.length).toBeGreaterThan(0);
    expect(await tables(url)).toEqual(expect.arrayContaining(["User", "AuditEvent", "SignInAttempt", "_prisma_migrations"]));
    const second = await applyMigrations(target(url));
    expect(second).toEqual({ applied: [], alreadyApplied: first.applied.length });
    expect((await migrationStatus(target(url))).pending).toEqual([]);
  });

  it("rolls a failing migration back completely and reports it by name", async () => {
    const url = await database.create();
    const t = target(url);
    await applyMigrations(t);
    const dir = migrationsWith(t.provider, {
      "99990101000000_broken": 'CREATE TABLE "Half" ("id" INTEGER);\nINSERT INTO "NoSuchTable" VALUES (1);\n',
    });
    await expect(applyMigrations(t, { dir })).rejects.toThrow(/99990101000000_broken failed and was rolled back/);
    expect(await tables(url)).not.toContain("Half");
    expect((await migrationStatus(t, dir)).pending).toEqual(["99990101000000_broken"]);
  });

  it("refuses a migration edited after it was applied", async () => {
    const url = await database.create();
    const t = target(url);
    const dir = migrationsWith(t.provider, { "99990101000000_extra": 'CREATE TABLE "Extra" ("id" INTEGER);\n' });
    await applyMigrations(t, { dir });
    fs.appendFileSync(path.join(dir, "99990101000000_extra", "migration.sql"), "-- edited\n");
    await expect(applyMigrations(t, { dir })).rejects.toThrow(/was edited after it was applied/);
  });

  it("keeps rows that reference a table a migration rebuilds (no cascade on SQLite table redefinition)", async () => {
    const url = await database.create();
    const t = target(url);
    const all = fs.readdirSync(migrationsDir(t.provider)).sort();
    const upTo = all.findIndex((m) => m.endsWith("_correction_turn"));
    expect(upTo).toBeGreaterThan(0);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinaudit-migrations-"));
    for (const m of all.slice(0, upTo)) fs.cpSync(path.join(migrationsDir(t.provider), m), path.join(dir, m), { recursive: true });
    await applyMigrations(t, { dir });
    const rows = [
      `INSERT INTO "User" (id, email, name, role, "passwordHash", "updatedAt") VALUES ('u', 'u@x', 'U', 'CLINICIAN', 'h', CURRENT_TIMESTAMP)`,
      `INSERT INTO "Dataset" (id, name, version, family, format, checksum, meta, "patientCount", "itemCount", "eventCount", "noteCount") VALUES ('d', 'D', 1, 'f', 'f', 'c', '{}', 0, 0, 0, 0)`,
      `INSERT INTO "Patient" (id, "datasetId", "externalId", position, data) VALUES ('p', 'd', 'P', 0, '{}')`,
      `INSERT INTO "Item" (id, "datasetId", "patientId", position, kind, "externalId", question, data) VALUES ('i', 'd', 'p', 0, 'mcq', 'I', 'q', '{}')`,
      `INSERT INTO "Audit" (id, name, "datasetId", rubric, "sampleSize", seed, strata, sampling, "populationSize", design, "createdById") VALUES ('a', 'A', 'd', '[]', 1, '1', '[]', '{}', 1, 'FULLY_CROSSED', 'u')`,
      `INSERT INTO "AuditItem" (id, "auditId", "itemId", "sampleOrder") VALUES ('ai', 'a', 'i', 1)`,
      `INSERT INTO "Assignment" (id, "auditId", "auditItemId", "userId") VALUES ('as', 'a', 'ai', 'u')`,
      `INSERT INTO "Correction" (id, "assignmentId", kind, proposal, rationale, "updatedAt") VALUES ('c', 'as', 'GOLD', '', 'r', CURRENT_TIMESTAMP)`,
      `INSERT INTO "CorrectionDecision" (id, "correctionId", "auditId", "adjudicatorId", decision, rationale) VALUES ('cd', 'c', 'a', 'u', 'ACCEPTED', 'ok')`,
    ];
    if (t.provider === "sqlite") {
      const db = new Database(t.file);
      for (const sql of rows) db.exec(sql);
      db.close();
    } else {
      const client = new pg.Client({ connectionString: t.url });
      await client.connect();
      for (const sql of rows) await client.query(sql.replace(/'\{\}'|'\[\]'/g, (m) => `${m}::jsonb`));
      await client.end();
    }
    await applyMigrations(t);
    const count = async () => {
      if (t.provider === "sqlite") {
        const db = new Database(t.file, { readonly: true });
        const n = (db.prepare(`SELECT count(*) AS n FROM "CorrectionDecision"`).get() as { n: number }).n;
        db.close();
        return n;
      }
      const client = new pg.Client({ connectionString: t.url });
      await client.connect();
      const n = Number((await client.query(`SELECT count(*) AS n FROM "CorrectionDecision"`)).rows[0].n);
      await client.end();
      return n;
    };
    expect(await count()).toBe(1);
  });

  it("applies each migration once when two processes start together", async () => {
    const url = await database.create();
    const [a, b] = await Promise.all([applyMigrations(target(url)), applyMigrations(target(url))]);
    expect(a.applied.length + b.applied.length).toBe(a.applied.length + a.alreadyApplied);
  });
});
