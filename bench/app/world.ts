// The world the app benchmarks run in (built by setup.ts in a fresh data dir): which items,
// which clinicians, which assignments. Pure planning here; the I/O is in setup.ts.

export interface HistoryStat {
  /** The benchmark's instance id (Item.externalId). */
  externalId: string;
  /** Estimated tokens of the record up to the cutoff (lib/synth/tokens, as the generator counts). */
  tokens: number;
  /** Events dated at or before the cutoff (what the case page shows). */
  events: number;
}

export interface BenchHistories {
  /** The item whose pre-cutoff history is closest to the target size (~30K tokens). */
  mid: HistoryStat;
  /** The longest pre-cutoff history in the dataset. */
  longest: HistoryStat;
  /** The shortest non-empty pre-cutoff history. */
  short: HistoryStat;
}

export interface BenchClinician {
  email: string;
  id: string;
  /** Assignment ids in plan order: mid, longest, short, then the filler items. */
  assignments: string[];
}

export interface World {
  password: string;
  auditId: string;
  histories: BenchHistories;
  /** The longest and the short record as plain static HTML files (the viewer's baseline). */
  staticRecords: { longest: string; short: string };
  clinicians: BenchClinician[];
  dataset: { patients: number; events: number; items: number };
}

/** Index of the three target items in every clinician's assignment list. */
export const TARGET = { mid: 0, longest: 1, short: 2 } as const;

export function pickHistories(stats: readonly HistoryStat[], targetTokens: number): BenchHistories {
  const nonEmpty = stats.filter((s) => s.events > 0);
  if (nonEmpty.length < 3) throw new Error(`need at least 3 items with a pre-cutoff history, found ${nonEmpty.length}`);
  const by = (from: HistoryStat[], better: (a: HistoryStat, b: HistoryStat) => boolean) =>
    from.reduce((best, s) => (better(s, best) ? s : best));
  const longest = by(nonEmpty, (a, b) => a.tokens > b.tokens);
  const short = by(nonEmpty, (a, b) => a.tokens < b.tokens);
  // The ~target item is a third item even when the longest or shortest is closer (small datasets).
  const rest = nonEmpty.filter((s) => s !== longest && s !== short);
  const mid = by(rest, (a, b) => Math.abs(a.tokens - targetTokens) < Math.abs(b.tokens - targetTokens));
  return { mid, longest, short };
}

/**
 * Each clinician gets `perClinician` items: the three targets first, then filler items taken
 * from the dataset order at a per-clinician offset (so queues overlap but differ).
 */
export function planAssignments(
  itemIds: readonly string[],
  h: BenchHistories,
  clinicians: readonly string[],
  perClinician: number,
): Map<string, string[]> {
  const targets = [h.mid.externalId, h.longest.externalId, h.short.externalId];
  const others = itemIds.filter((id) => !targets.includes(id));
  const fill = perClinician - targets.length;
  if (fill < 0 || fill > others.length) throw new Error(`cannot give each clinician ${perClinician} items out of ${itemIds.length}`);
  return new Map(
    clinicians.map((email, k) => [
      email,
      [...targets, ...Array.from({ length: fill }, (_, j) => others[(k * 7 + j) % others.length] as string)],
    ]),
  );
}

/** The plan as the MANUAL design's input: one "item id, clinician email" pair per line. */
export function manualLines(plan: ReadonlyMap<string, readonly string[]>): string {
  return [...plan].flatMap(([email, items]) => items.map((id) => `${id}, ${email}`)).join("\n");
}
