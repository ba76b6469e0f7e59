import "server-only";
import type { Db, Prisma } from "../db/client";

type Tx = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

export interface TrailEntry {
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string;
  before?: Prisma.InputJsonValue;
  after?: Prisma.InputJsonValue;
}

/** Appends to the audit trail inside the caller's transaction, so both land or neither. */
export function recordEvent(tx: Tx, entry: TrailEntry) {
  return tx.auditEvent.create({ data: entry });
}
