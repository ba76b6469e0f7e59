import "server-only";
import type { Db } from "../db/client";

/** Whether the database answers a trivial query (the health route; never throws). */
export async function databaseReachable(db: Db): Promise<boolean> {
  try {
    await db.user.count();
    return true;
  } catch {
    return false;
  }
}
