// localStorage side of the save queue: unacknowledged values survive a reload,
// a crash or a closed laptop lid. One JSON blob per assignment; queue keys are
// namespaced ("rating:…", "comment:…", "correction:…"). Everything read back
// is validated: storage is user-writable and may hold an older format.
import type { PendingEntry } from "./save-policy";
import type { CorrectionKind, CorrectionView } from "./types";

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const FORMAT = 1;

export function storageKey(assignmentId: string): string {
  return `clinaudit:pending:v${FORMAT}:${assignmentId}`;
}

export interface PendingStore {
  /** Entries of one namespace whose value passes `parse`. */
  load<V>(namespace: string, parse: (raw: unknown) => { value: V } | null): Record<string, PendingEntry<V>>;
  write(namespace: string, key: string, entry: PendingEntry<unknown> | null): void;
}

type Blob = Record<string, unknown>;

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

export function createPendingStore(storage: StorageLike | null, assignmentId: string, onError?: (error: unknown) => void): PendingStore {
  const key = storageKey(assignmentId);

  const read = (): Blob => {
    if (!storage) return {};
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? "{}");
      return isRecord(parsed) && parsed.format === FORMAT && isRecord(parsed.fields) ? parsed.fields : {};
    } catch (error) {
      onError?.(error);
      return {};
    }
  };

  return {
    load(namespace, parse) {
      const out: Record<string, PendingEntry<never>> = {};
      for (const [field, raw] of Object.entries(read())) {
        if (!field.startsWith(`${namespace}:`) || !isRecord(raw)) continue;
        const value = parse(raw.value);
        if (!value || typeof raw.baseVersion !== "number" || !Number.isFinite(raw.baseVersion)) continue;
        const inFlight = isRecord(raw.inFlight) ? parse(raw.inFlight.value) : null;
        out[field.slice(namespace.length + 1)] = {
          value: value.value as never,
          baseVersion: raw.baseVersion,
          ...(inFlight ? { inFlight: { value: inFlight.value as never } } : {}),
          updatedAt: typeof raw.updatedAt === "number" ? raw.updatedAt : 0,
        };
      }
      return out;
    },
    write(namespace, field, entry) {
      if (!storage) return;
      try {
        // Read-modify-write so entries written by another tab for other fields survive.
        const fields = read();
        if (entry) fields[`${namespace}:${field}`] = entry;
        else delete fields[`${namespace}:${field}`];
        if (Object.keys(fields).length === 0) storage.removeItem(key);
        else storage.setItem(key, JSON.stringify({ format: FORMAT, fields }));
      } catch (error) {
        onError?.(error); // quota or private mode: the value is still held and retried in memory
      }
    },
  };
}

/** Safe access: localStorage throws in some privacy modes and does not exist on the server. */
export function browserStorage(): StorageLike | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

// --- value parsers for the three namespaces ----------------------------------

export function parseCategory(raw: unknown): { value: string | null } | null {
  return raw === null || typeof raw === "string" ? { value: raw } : null;
}

export function parseComment(raw: unknown): { value: string } | null {
  return typeof raw === "string" ? { value: raw } : null;
}

const KINDS: readonly CorrectionKind[] = ["STEM", "GOLD", "DISTRACTOR", "EVIDENCE", "REMOVE_TURN", "REMOVE"];

export function parseCorrection(raw: unknown): { value: CorrectionView | null } | null {
  if (raw === null) return { value: null };
  if (!isRecord(raw)) return null;
  const { id, kind, turnOrder = 0, proposal, newGold, rationale, version } = raw;
  if (!KINDS.includes(kind as CorrectionKind) || typeof proposal !== "string" || typeof rationale !== "string") return null;
  if (typeof version !== "number" || (newGold !== undefined && newGold !== null && typeof newGold !== "string")) return null;
  // Stored before corrections named turns: the whole item. The queue key carries the turn anyway.
  if (typeof turnOrder !== "number" || !Number.isSafeInteger(turnOrder) || turnOrder < 0) return null;
  return {
    value: {
      ...(typeof id === "string" ? { id } : {}),
      kind: kind as CorrectionKind,
      turnOrder,
      proposal,
      ...(newGold !== undefined ? { newGold: newGold as string | null } : {}),
      rationale,
      version,
    },
  };
}
