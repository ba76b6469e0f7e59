// npx tsx bench/latent-class.ts [items] [raters] [B] [--independent] — time of the Dawid–Skene fit
// and of the item bootstrap of its error rate (bootstrapMeanPosterior, B = 10,000 by default) on
// simulated ratings: each item's true class drawn (80 % correct, 15 % incorrect, 5 % uncertain),
// each rater right 85 % of the time and otherwise says one of the other two classes. With
// --independent every rating is drawn on its own (85 / 8 / 7 %, as bench/agreement.ts): no latent
// class to find, so nearly every refit runs its 10,000 iterations (the worst case).
import { bootstrapMeanPosterior, latentClassModel } from "../lib/agreement/latent-class";
import type { LongRating } from "../lib/agreement/long-format";
import { createPrng } from "../lib/sampling/prng";

const CATEGORIES = ["correct", "incorrect", "uncertain"];

export function simulated(items: number, raters: number, independent = false): LongRating[] {
  const rng = createPrng(`bench-latent-${items}x${raters}`);
  const out: LongRating[] = [];
  for (let i = 0; i < items; i++) {
    const roll = rng.nextInt(100);
    const truth = roll < 80 ? 0 : roll < 95 ? 1 : 2;
    for (let r = 0; r < raters; r++) {
      const roll = independent ? rng.nextInt(100) : 0;
      const right = independent || rng.nextInt(100) < 85;
      const said = independent ? (roll < 85 ? 0 : roll < 93 ? 1 : 2) : right ? truth : (truth + 1 + rng.nextInt(2)) % 3;
      out.push({ item: `I${i}`, rater: `R${r + 1}`, category: CATEGORIES[said] as string });
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const independent = process.argv.includes("--independent");
  const [items = 100, raters = 3, replicates = 10_000] = process.argv
    .slice(2)
    .filter((a) => !a.startsWith("--"))
    .map(Number);
  const rows = simulated(items, raters, independent);
  let t = performance.now();
  const model = latentClassModel(rows, CATEGORIES)!;
  const fitMs = performance.now() - t;
  t = performance.now();
  const boot = bootstrapMeanPosterior(model, 1, { seed: "bench", stream: "latent-class/gold", replicates, level: 0.95 });
  const bootMs = performance.now() - t;
  console.log(
    JSON.stringify({
      items,
      raters,
      replicates,
      independent,
      patterns: model.patterns.count,
      fitIterations: model.fit.iterations,
      fitMs: Math.round(fitMs * 10) / 10,
      bootstrapMs: Math.round(bootMs),
      estimate: boot.estimate,
      ciLower: boot.ciLower,
      ciUpper: boot.ciUpper,
    }),
  );
}
