// What the saves benchmark (bench/app/saves.ts) finds stored afterwards: the ratings and their
// trail events, read straight from the database it ran against.
import Database from "better-sqlite3";
import pg from "pg";
import path from "node:path";
import type { StoredRating } from "./saves-plan";

/** The same check on PostgreSQL (the pair benchmark's database). */
export async function storedRatingsPg(url: string, assignmentIds: string[]): Promise<{ ratings: StoredRating[]; events: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ratings = (
      await client.query(`SELECT "assignmentId", dimension, category, version FROM "Rating" WHERE "assignmentId" = ANY($1)`, [
        assignmentIds,
      ])
    ).rows as StoredRating[];
    const { n } = (
      await client.query(`SELECT count(*)::int AS n FROM "AuditEvent" WHERE action = 'rating.save' AND "entityId" = ANY($1)`, [
        assignmentIds,
      ])
    ).rows[0] as { n: number };
    return { ratings, events: n };
  } finally {
    await client.end();
  }
}

/** The ratings and rating.save trail events stored for these assignments (SQLite, read-only). */
export function storedRatings(dataDir: string, assignmentIds: string[]): { ratings: StoredRating[]; events: number } {
  const db = new Database(path.join(dataDir, "clinaudit.db"), { readonly: true });
  try {
    const ids = JSON.stringify(assignmentIds);
    const ratings = db
      .prepare(`SELECT assignmentId, dimension, category, version FROM "Rating" WHERE assignmentId IN (SELECT value FROM json_each(?))`)
      .all(ids) as StoredRating[];
    const { n } = db
      .prepare(`SELECT count(*) AS n FROM "AuditEvent" WHERE action = 'rating.save' AND entityId IN (SELECT value FROM json_each(?))`)
      .get(ids) as { n: number };
    return { ratings, events: n };
  } finally {
    db.close();
  }
}
