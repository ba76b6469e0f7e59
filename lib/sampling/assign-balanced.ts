/**
 * Balanced incomplete assignment on indices: m items, each rated by k of n clinicians.
 *
 * Goals, in priority order:
 *   1. Clinician loads differ by at most 1 (hard constraint, kept at every step).
 *   2. Pair overlaps (items a pair of clinicians shares) as even as possible, so that
 *      pairwise agreement statistics rest on comparable evidence for every pair.
 *
 * Method: a greedy load-balanced construction, then simulated annealing on
 * load-preserving moves minimising Σ overlap². With the total Σ overlap fixed at
 * m·k(k−1)/2, the sum of squares is smallest exactly when overlaps are as equal as
 * possible, so it reaches a BIBD (all overlaps equal) when one exists for small cases.
 * Every random choice comes from the seeded stream, so a seed fixes the plan.
 */
import type { Xoshiro256ss } from "./prng";

export interface BalancedOptions {
  /**
   * Annealing moves to try (the search stops early once overlaps are perfectly even).
   * Default 100·m·k clamped to [50k, 300k]: under ~1 s, ample for small BIBDs.
   * Part of the plan's definition: a different count gives a different plan.
   */
  iterations?: number;
}

/** Returns, per item, the sorted indices of its k clinicians. */
export function balancedDesign(n: number, m: number, k: number, rng: Xoshiro256ss, opts: BalancedOptions = {}): number[][] {
  const state = new DesignState(n, m, k);
  greedyConstruct(state, rng);
  if (k >= 2 && k < n && m >= 2) {
    const iterations = opts.iterations ?? Math.min(300_000, Math.max(50_000, 100 * m * k));
    anneal(state, rng, iterations);
  }
  return state.best.map((row) => [...row].sort((a, b) => a - b));
}

class DesignState {
  readonly members: number[][]; // members[j] = clinicians on item j
  readonly inItem: Uint8Array; // inItem[j*n + c] = 1 when c rates j
  readonly load: Int32Array;
  readonly overlap: Int32Array; // overlap[a*n + b] for a < b
  cost = 0; // Σ overlap²
  best: number[][] = [];
  bestCost = Infinity;

  constructor(
    readonly n: number,
    readonly m: number,
    readonly k: number,
  ) {
    this.members = Array.from({ length: m }, () => []);
    this.inItem = new Uint8Array(n * m);
    this.load = new Int32Array(n);
    this.overlap = new Int32Array(n * n);
  }

  private bump(a: number, b: number, d: 1 | -1): void {
    const i = a < b ? a * this.n + b : b * this.n + a;
    const o = this.overlap[i] as number;
    this.cost += d * (2 * o + d); // (o+d)² − o²
    this.overlap[i] = o + d;
  }

  overlapOf(a: number, b: number): number {
    return this.overlap[a < b ? a * this.n + b : b * this.n + a] as number;
  }

  add(j: number, c: number): void {
    const row = this.members[j] as number[];
    for (const other of row) this.bump(c, other, 1);
    row.push(c);
    this.inItem[j * this.n + c] = 1;
    this.load[c] = (this.load[c] as number) + 1;
  }

  /** Replaces clinician `out` by `inn` on item j (out must be on j, inn must not). */
  replace(j: number, out: number, inn: number): void {
    const row = this.members[j] as number[];
    const pos = row.indexOf(out);
    row[pos] = inn;
    for (const other of row) {
      if (other === inn) continue;
      this.bump(out, other, -1);
      this.bump(inn, other, 1);
    }
    this.inItem[j * this.n + out] = 0;
    this.inItem[j * this.n + inn] = 1;
    this.load[out] = (this.load[out] as number) - 1;
    this.load[inn] = (this.load[inn] as number) + 1;
  }

  has(j: number, c: number): boolean {
    return this.inItem[j * this.n + c] === 1;
  }

  snapshotIfBest(): void {
    if (this.cost < this.bestCost) {
      this.bestCost = this.cost;
      this.best = this.members.map((row) => [...row]);
    }
  }
}

/**
 * Item by item: clinicians at the current minimum load are forced in when there are
 * at most k of them (this keeps loads within 1 at every step); the remaining seats go
 * to the candidates adding the least overlap with those already seated. Candidates are
 * shuffled first so ties are broken by the seed, not by input order.
 */
function greedyConstruct(s: DesignState, rng: Xoshiro256ss): void {
  const all = Array.from({ length: s.n }, (_, c) => c);
  for (let j = 0; j < s.m; j++) {
    const minLoad = Math.min(...s.load);
    const atMin = all.filter((c) => s.load[c] === minLoad);
    let pool: number[];
    if (atMin.length <= s.k) {
      for (const c of atMin) s.add(j, c);
      pool = all.filter((c) => s.load[c] === minLoad + 1 && !s.has(j, c));
    } else {
      pool = atMin;
    }
    shuffle(pool, rng);
    while ((s.members[j] as number[]).length < s.k) {
      let bestIdx = 0;
      let bestAdd = Infinity;
      pool.forEach((c, idx) => {
        let add = 0;
        for (const other of s.members[j] as number[]) add += s.overlapOf(c, other);
        if (add < bestAdd) {
          bestAdd = add;
          bestIdx = idx;
        }
      });
      const [chosen] = pool.splice(bestIdx, 1);
      s.add(j, chosen as number);
    }
  }
  s.snapshotIfBest();
}

/**
 * Two load-preserving moves: (a) swap — clinician a on item j trades places with b on
 * item j2; (b) shift — on item j, a clinician with load L+1 hands the seat to one with
 * load L (loads swap, spread stays ≤ 1). Worse moves are accepted with probability
 * exp(−Δ/T) under a geometric cooling schedule, which lets the search leave the local
 * minima a pure greedy gets stuck in (e.g. it misses the Fano plane for n=7, k=3).
 */
function anneal(s: DesignState, rng: Xoshiro256ss, iterations: number): void {
  const lowerBound = evenCostBound(s.n, s.m, s.k);
  const t0 = 2;
  const t1 = 0.02;
  for (let it = 0; it < iterations && s.bestCost > lowerBound; it++) {
    const temp = t0 * (t1 / t0) ** (it / iterations);
    const j = rng.nextInt(s.m);
    const row = s.members[j] as number[];
    const a = row[rng.nextInt(s.k)] as number;
    const before = s.cost;
    let undo: () => void;
    if (rng.nextInt(2) === 0) {
      const j2 = rng.nextInt(s.m);
      const row2 = s.members[j2] as number[];
      const b = row2[rng.nextInt(s.k)] as number;
      if (j2 === j || s.has(j, b) || s.has(j2, a)) continue;
      s.replace(j, a, b);
      s.replace(j2, b, a);
      undo = () => {
        s.replace(j2, a, b);
        s.replace(j, b, a);
      };
    } else {
      const b = rng.nextInt(s.n);
      if (s.has(j, b) || s.load[a] !== (s.load[b] as number) + 1) continue;
      s.replace(j, a, b);
      undo = () => s.replace(j, b, a);
    }
    const delta = s.cost - before;
    if (delta <= 0 || rng.nextFloat() < Math.exp(-delta / temp)) {
      s.snapshotIfBest();
    } else {
      undo();
    }
  }
}

/** Σ overlap² when the m·C(k,2) pair incidences are spread as evenly as possible. */
export function evenCostBound(n: number, m: number, k: number): number {
  const pairs = (n * (n - 1)) / 2;
  if (pairs === 0) return 0;
  const total = (m * k * (k - 1)) / 2;
  const q = Math.floor(total / pairs);
  const r = total % pairs;
  return r * (q + 1) * (q + 1) + (pairs - r) * q * q;
}

function shuffle(items: number[], rng: Xoshiro256ss): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    const t = items[i] as number;
    items[i] = items[j] as number;
    items[j] = t;
  }
}
