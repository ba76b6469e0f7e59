/**
 * Model-guided ("suspect-first") stratified sampling: the benchmark is split by how many of
 * a prediction set's models disagree with the gold answer, the sample is allocated over those
 * strata (proportionally, by Neyman with a stated prior error rate per stratum, or with an
 * oversampling factor on the suspect strata), and each stratum is drawn with the frozen PRNG.
 * Pure: no I/O. The estimate and its bound are in lib/agreement/stratified-bound.ts.
 *
 * Algorithm "clinaudit-model-strata" v1 — frozen like "clinaudit-sample" v1 (sample.ts):
 *
 *   1. Strata. For item i let m_i = the number of models with a prediction for i and
 *      d_i = the number of those whose prediction differs from the gold answer (a model with
 *      several rows for the item, e.g. turns, disagrees if any row does).
 *        "none"        m_i ≥ 1, d_i = 0
 *        "some"        m_i ≥ 1, 1 ≤ d_i ≤ m_i / 2   (at most half the models disagree)
 *        "most"        m_i ≥ 1, d_i > m_i / 2       (a strict majority disagrees)
 *        "unpredicted" m_i = 0                      (no model answered the item)
 *      Stratum order is that list; empty strata are dropped. Items without a prediction are
 *      kept in their own stratum rather than refused: the estimate is for the whole benchmark,
 *      so every item must be in the frame with a known inclusion probability.
 *   2. Allocation weights w_h: proportional w_h = N_h; Neyman w_h = N_h·sqrt(p_h(1 − p_h)) with
 *      the organizer's prior error rate p_h ∈ (0, 1) per stratum; oversampling w_h = k·N_h for
 *      "some" and "most", N_h for "none" and "unpredicted" (k ≥ 1).
 *   3. Minimum per stratum: m_h = min(2, N_h) when n ≥ Σ min(2, N_h) (two rated items are the
 *      fewest that give the stratum a variance), else m_h = 1 when n ≥ the number of non-empty
 *      strata; a smaller n is refused. n ≤ N = Σ N_h.
 *   4. Real quotas by water-filling: free strata get q_h = R·w_h / Σ_free w, R = n − Σ fixed.
 *      While some free q_h > N_h, fix every such stratum at N_h and recompute; then, while some
 *      free q_h < m_h, fix every such stratum at m_h and recompute (fixing at the minimum
 *      only lowers the other quotas, so no stratum goes over its size again).
 *   5. Largest remainder: n_h = ⌊q_h⌋, the n − Σ n_h left go one each to the largest
 *      fractional parts q_h − ⌊q_h⌋, ties to the earlier stratum. (IEEE double arithmetic in
 *      the order written here; the result is an integer per stratum and recorded with the
 *      sample, so the draw never depends on re-deriving it.)
 *   6. Draw: a stratum's items in id order (UTF-16 code units); partial Fisher–Yates of n_h
 *      of them with PRNG v1 (prng.ts) stream "model-stratum:" + key; the strata's draws are
 *      concatenated in stratum order and fully shuffled with stream "model-strata-order", so
 *      the order of review does not group (and so does not reveal) the strata.
 */
import { SamplingError, compareCodeUnits, preview } from "./errors";
import { domainMessage as said } from "../i18n/domain";
import { PRNG_NAME, PRNG_VERSION, SeedError, canonicalSeed, createPrng, partialShuffle, type Seed } from "./prng";
import { frameChecksum } from "./sample";
import { MODEL_STRATA, type ModelStratum } from "./model-strata-keys";
import { allocateStrata, type AllocationRule, allocationWeights } from "./strata-allocation";

export const MODEL_STRATA_ALGORITHM_NAME = "clinaudit-model-strata";
export const MODEL_STRATA_ALGORITHM_VERSION = 1;

export { MODEL_STRATA, type ModelStratum, SUSPECT_STRATA } from "./model-strata-keys";

export interface DisagreementRow {
  model: string;
  itemId: string;
  /** Whether this prediction equals the gold answer (a missing option counts as false). */
  correct: boolean;
}

export interface ItemDisagreement {
  id: string;
  /** Models with at least one prediction for the item. */
  models: number;
  /** Of those, models with at least one prediction that differs from the gold. */
  disagreeing: number;
}

/** Counts, per item of `itemIds`, the models that predicted it and those that disagree. */
export function disagreementCounts(itemIds: readonly string[], rows: readonly DisagreementRow[]): ItemDisagreement[] {
  const seen = new Map<string, Map<string, boolean>>();
  for (const id of itemIds) seen.set(id, new Map());
  for (const row of rows) {
    const models = seen.get(row.itemId);
    if (!models) continue; // a prediction for an item outside the frame says nothing about it
    models.set(row.model, (models.get(row.model) ?? false) || !row.correct);
  }
  return itemIds.map((id) => {
    const models = seen.get(id) as Map<string, boolean>;
    let disagreeing = 0;
    for (const wrong of models.values()) if (wrong) disagreeing++;
    return { id, models: models.size, disagreeing };
  });
}

/** Step 1: the stratum of one item. */
export function stratumOf(models: number, disagreeing: number): ModelStratum {
  if (!Number.isInteger(models) || !Number.isInteger(disagreeing) || models < 0 || disagreeing < 0 || disagreeing > models) {
    throw new SamplingError(
      "INVALID_DESIGN",
      said("sampling.invalidDisagreement", { disagreeing: String(disagreeing), models: String(models) }),
    );
  }
  if (models === 0) return "unpredicted";
  if (disagreeing === 0) return "none";
  return 2 * disagreeing > models ? "most" : "some";
}

export interface StratumFrame {
  key: ModelStratum;
  /** Item ids in canonical (code-unit) order. */
  ids: string[];
}

/** Groups items into their strata (non-empty ones, in MODEL_STRATA order). */
export function modelStrata(items: readonly ItemDisagreement[]): StratumFrame[] {
  if (items.length === 0) throw new SamplingError("EMPTY_FRAME", said("sampling.emptyFrame"));
  const byKey = new Map<ModelStratum, string[]>(MODEL_STRATA.map((k) => [k, []]));
  const ids = new Set<string>();
  const dups: string[] = [];
  for (const it of items) {
    if (typeof it.id !== "string" || it.id === "" || it.id.includes("\n")) {
      throw new SamplingError("INVALID_ID", said("sampling.invalidFrameId"));
    }
    if (ids.has(it.id)) dups.push(it.id);
    ids.add(it.id);
    (byKey.get(stratumOf(it.models, it.disagreeing)) as string[]).push(it.id);
  }
  if (dups.length > 0) {
    throw new SamplingError("DUPLICATE_ID", said("sampling.duplicateIds", preview(dups)), { ids: dups });
  }
  return MODEL_STRATA.map((key) => ({ key, ids: (byKey.get(key) as string[]).sort(compareCodeUnits) })).filter((s) => s.ids.length > 0);
}

export interface ModelStratumAllocation {
  key: ModelStratum;
  /** N_h: items of the benchmark in the stratum. */
  population: number;
  /** w_h of step 2. */
  weight: number;
  /** n_h. */
  allocated: number;
}

export interface ModelStratifiedSample {
  algorithm: { name: typeof MODEL_STRATA_ALGORITHM_NAME; version: number; prng: string; prngVersion: number };
  seed: string;
  size: number;
  frameSize: number;
  /** SHA-256 of the sorted frame ids (sample.ts `frameChecksum`). */
  frameChecksum: string;
  allocationRule: AllocationRule;
  allocation: ModelStratumAllocation[];
  /** Sampled ids in review order. */
  ids: string[];
  /** Each sampled id's stratum. */
  strataOf: Record<string, ModelStratum>;
}

export interface DrawModelStratifiedInput {
  items: readonly ItemDisagreement[];
  size: number;
  seed: Seed;
  allocation: AllocationRule;
}

/** Steps 1–6: the stratified sample, with its design recorded. */
export function drawModelStratifiedSample(input: DrawModelStratifiedInput): ModelStratifiedSample {
  let seed: string;
  try {
    seed = canonicalSeed(input.seed);
  } catch (e) {
    if (e instanceof SeedError) throw new SamplingError("INVALID_SEED", e.said);
    throw e;
  }
  const strata = modelStrata(input.items);
  const sized = strata.map((s) => ({ key: s.key, size: s.ids.length }));
  const weights = allocationWeights(sized, input.allocation);
  const alloc = allocateStrata(
    sized.map((s) => s.size),
    weights,
    input.size,
  );
  const drawn: string[] = [];
  const strataOf: Record<string, ModelStratum> = Object.create(null);
  strata.forEach((s, h) => {
    const ids = partialShuffle([...s.ids], alloc[h] as number, createPrng(seed, `model-stratum:${s.key}`));
    for (const id of ids) strataOf[id] = s.key;
    drawn.push(...ids);
  });
  const ids = partialShuffle(drawn, drawn.length, createPrng(seed, "model-strata-order"));
  return {
    algorithm: { name: MODEL_STRATA_ALGORITHM_NAME, version: MODEL_STRATA_ALGORITHM_VERSION, prng: PRNG_NAME, prngVersion: PRNG_VERSION },
    seed,
    size: input.size,
    frameSize: input.items.length,
    frameChecksum: frameChecksum(input.items.map((it) => it.id)),
    allocationRule: input.allocation,
    allocation: strata.map((s, h) => ({
      key: s.key,
      population: s.ids.length,
      weight: weights[h] as number,
      allocated: alloc[h] as number,
    })),
    ids,
    strataOf: { ...strataOf },
  };
}
