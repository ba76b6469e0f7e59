import { createFastPrngV2 } from "./lib/evaluation/fast-prng-v2";
import { createFastPrng } from "./lib/evaluation/fast-prng";
const P = 976, B = 10000;
const idx = new Int32Array(P);
for (let run = 0; run < 4; run++) {
  let t0 = performance.now();
  const g = createFastPrngV2("x", "y");
  let s = 0;
  for (let b = 0; b < B; b++) { g.fill(P, idx); s += idx[5]!; }
  const a = performance.now() - t0;
  t0 = performance.now();
  const h = createFastPrng("x", "y");
  for (let b = 0; b < B * P; b++) s += h.nextInt(P);
  console.log("v2 fill", a.toFixed(1), "v1", (performance.now() - t0).toFixed(1), s);
}
