// Pure parts of the rating-save benchmark: what each rater saves, what the database must hold
// afterwards, and how to read a server action's answer.

export interface SaveStep {
  assignmentId: string;
  dimension: string;
  category: string;
}

export interface RubricKeys {
  key: string;
  categories: readonly string[];
}

/**
 * Rater r's saves, in order: they cycle over `pairs` (assignment, dimension) pairs of their own
 * (the first saves create ratings, later rounds change them, as a rater revising their view),
 * choosing categories in turn so consecutive saves of one pair differ.
 */
export function savePlan(
  assignments: readonly (readonly string[])[],
  savesPerRater: number,
  rubric: readonly RubricKeys[],
  pairs: number,
): SaveStep[][] {
  return assignments.map((own, r) => {
    const needed = Math.ceil(pairs / rubric.length);
    if (own.length < needed) throw new Error(`rater ${r + 1} has ${own.length} assignments; the plan needs ${needed}`);
    return Array.from({ length: savesPerRater }, (_, s) => {
      const pair = s % pairs;
      const dim = rubric[pair % rubric.length]!;
      return {
        assignmentId: own[Math.floor(pair / rubric.length)]!,
        dimension: dim.key,
        category: dim.categories[(s + r) % dim.categories.length]!,
      };
    });
  });
}

export interface StoredRating {
  assignmentId: string;
  dimension: string;
  category: string | null;
  version: number;
}

const key = (assignmentId: string, dimension: string) => `${assignmentId}|${dimension}`;

/** What the server acknowledged, per (assignment, dimension): the client's view of the truth. */
export class Ledger {
  private state = new Map<string, { category: string; version: number }>();
  acknowledged = 0;

  version(step: SaveStep): number {
    return this.state.get(key(step.assignmentId, step.dimension))?.version ?? 0;
  }

  acknowledge(step: SaveStep, version: number): void {
    this.state.set(key(step.assignmentId, step.dimension), { category: step.category, version });
    this.acknowledged++;
  }

  /** Acknowledged ratings missing or different in the database, and stored ones never acknowledged. */
  compare(rows: readonly StoredRating[]): { lost: string[]; unexpected: string[] } {
    const stored = new Map(rows.map((r) => [key(r.assignmentId, r.dimension), r]));
    const lost: string[] = [];
    for (const [k, want] of this.state) {
      const got = stored.get(k);
      if (!got || got.version !== want.version || got.category !== want.category)
        lost.push(`${k}: acknowledged v${want.version} ${want.category}, stored ${got ? `v${got.version} ${got.category}` : "nothing"}`);
    }
    const unexpected = rows
      .filter((r) => !this.state.has(key(r.assignmentId, r.dimension)))
      .map((r) => `${key(r.assignmentId, r.dimension)}: v${r.version} ${r.category}`);
    return { lost, unexpected };
  }
}

/**
 * The value a server action returned, from its React Server Components answer
 * (`0:{"a":"$@1",…}` then `1:<value>`: row 0 names the row that holds the action's result).
 */
export function parseActionResponse(text: string): unknown {
  const rows = new Map<string, string>();
  for (const line of text.split("\n")) {
    const m = /^([0-9a-f]+):(.*)$/.exec(line);
    if (m) rows.set(m[1]!, m[2]!);
  }
  const head = rows.get("0");
  if (head === undefined) throw new Error(`not a server action answer: ${JSON.stringify(text.slice(0, 120))}`);
  const ref = (JSON.parse(head) as { a?: unknown }).a;
  if (typeof ref !== "string" || !ref.startsWith("$@"))
    throw new Error(`server action answer without a result reference: ${head.slice(0, 120)}`);
  const row = rows.get(ref.slice(2));
  if (row === undefined) throw new Error(`server action answer lacks row ${ref.slice(2)}`);
  return JSON.parse(row);
}

export type SaveOutcome = { kind: "saved"; version: number } | { kind: "conflict" | "error"; message: string };

/** saveRatingAction answers the panel's SaveResult: {ok: true, data: {dimension, category, version}} or {ok: false, error, conflict?}. */
export function classifySave(result: unknown, step: SaveStep, expectedVersion: number): SaveOutcome {
  const r = result as {
    ok?: boolean;
    error?: string;
    conflict?: unknown;
    data?: { dimension?: string; category?: string | null; version?: number };
  } | null;
  if (r && r.ok === false) return { kind: r.conflict ? "conflict" : "error", message: r.error ?? "ok: false" };
  const d = r?.ok === true ? r.data : undefined;
  if (d && d.dimension === step.dimension && d.category === step.category && d.version === expectedVersion + 1)
    return { kind: "saved", version: d.version };
  return { kind: "error", message: `unexpected answer ${JSON.stringify(result).slice(0, 160)}` };
}
