/**
 * Option handling shared by the bootstraps: defaults, validation, the recorded
 * method block, the per model-scope seed and the percentile interval.
 */
import { canonicalSeed, PRNG_NAME, PRNG_VERSION, type Seed } from "@/lib/sampling/prng";
import { domainMessage as said } from "../i18n/domain";
import { EvaluationInputError } from "./errors";
import { createFastPrng, type FastXoshiro256ss } from "./fast-prng";
import { percentileBounds, QUANTILE_METHOD } from "./quantile";
import type { BootstrapMethod, BootstrapOptions, PercentileInterval } from "./types";

export const DEFAULT_REPLICATES = 10_000;
export const DEFAULT_LEVEL = 0.95;
/** Replicates are stored as a Float64Array; this caps memory at 80 MB. */
const MAX_REPLICATES = 10_000_000;

/**
 * The fixed seed of a model-scope pair: the same model on the same scope always gets the
 * same draws, whoever runs the report and in whatever order pairs are processed.
 * JSON keeps "a|b" + "c" and "a" + "b|c" apart. Throws SeedError beyond 256 characters.
 * `base` (a report's seed option) gives every pair a different, equally fixed seed.
 */
export function modelScopeSeed(model: string, scope: string, base?: string): string {
  const parts = base === undefined ? [model, scope] : [model, scope, base];
  return canonicalSeed(`clinaudit-eval/v1 ${JSON.stringify(parts)}`);
}

export interface ResolvedBootstrap {
  replicates: number;
  level: number;
  seed: string;
  stream: string;
}

export function resolveBootstrap(options: BootstrapOptions, defaultStream: string): ResolvedBootstrap {
  const replicates = options.replicates ?? DEFAULT_REPLICATES;
  const level = options.level ?? DEFAULT_LEVEL;
  if (!Number.isInteger(replicates) || replicates < 1 || replicates > MAX_REPLICATES)
    throw new EvaluationInputError(
      "INVALID_OPTION",
      said("report.replicatesRange", { max: String(MAX_REPLICATES), got: String(replicates) }),
    );
  if (!(level > 0 && level < 1)) throw new EvaluationInputError("INVALID_OPTION", said("report.levelRange", { got: String(level) }));
  const stream = options.stream ?? defaultStream;
  if (typeof stream !== "string") throw new EvaluationInputError("INVALID_OPTION", said("report.streamType"));
  return { replicates, level, seed: canonicalSeed(options.seed as Seed), stream };
}

export function rngFor(r: ResolvedBootstrap): FastXoshiro256ss {
  return createFastPrng(r.seed, r.stream);
}

export function methodOf(r: ResolvedBootstrap): BootstrapMethod {
  return {
    kind: "patient-cluster percentile bootstrap",
    replicates: r.replicates,
    level: r.level,
    seed: r.seed,
    stream: r.stream,
    prng: `${PRNG_NAME} v${PRNG_VERSION} (nextInt over patients in patientId code-unit order)`,
    quantile: QUANTILE_METHOD,
  };
}

const pp = (x: number) => x * 100;

/** Percentile interval of the replicates around the full-data estimate. */
export function percentileInterval(estimate: number, replicates: Float64Array, level: number): PercentileInterval {
  const { lower, upper } = percentileBounds(replicates, level);
  return {
    estimate,
    lower,
    upper,
    estimatePp: pp(estimate),
    lowerPp: pp(lower),
    upperPp: pp(upper),
    halfWidthPp: pp(upper - lower) / 2,
  };
}
