import { describe, expect, it } from "vitest";
import { cohenKappa, pairwiseCohenKappa } from "./cohen-kappa";
import { congerKappa } from "./conger-kappa";
import { english } from "../i18n/domain";
import type { EngineNote } from "./notes";

/** A note in the English the exports write (the engine carries its code). */
const said = (note: EngineNote | null) => note && english(note);

/** Fleiss, Cohen & Everitt (1969) large-sample variance of unweighted kappa, written independently. */
function fceVariance(table: number[][]): { kappa: number; variance: number } {
  const n = table.flat().reduce((a, b) => a + b, 0);
  const p = table.map((row) => row.map((v) => v / n));
  const q = p.length;
  const row = p.map((r) => r.reduce((a, b) => a + b, 0));
  const col = [...Array(q).keys()].map((j) => p.reduce((s, r) => s + (r[j] ?? 0), 0));
  const po = p.reduce((s, r, i) => s + (r[i] ?? 0), 0);
  const pe = row.reduce((s, ri, i) => s + ri * (col[i] ?? 0), 0);
  const kappa = (po - pe) / (1 - pe);
  let a = 0;
  let b = 0;
  for (let i = 0; i < q; i++) {
    for (let j = 0; j < q; j++) {
      const pij = p[i]?.[j] ?? 0;
      if (i === j) a += pij * (1 - ((row[i] ?? 0) + (col[i] ?? 0)) * (1 - kappa)) ** 2;
      else b += pij * ((col[i] ?? 0) + (row[j] ?? 0)) ** 2;
    }
  }
  const variance = (a + (1 - kappa) ** 2 * b - (kappa - pe * (1 - kappa)) ** 2) / (n * (1 - pe) ** 2);
  return { kappa, variance };
}

function expand(table: number[][]): { a: number[]; b: number[] } {
  const a: number[] = [];
  const b: number[] = [];
  table.forEach((row, k) =>
    row.forEach((count, l) => {
      for (let c = 0; c < count; c++) {
        a.push(k);
        b.push(l);
      }
    }),
  );
  return { a, b };
}

describe("cohenKappa", () => {
  const table = [
    [22, 4, 2],
    [3, 17, 5],
    [1, 2, 14],
  ];

  it("matches the Fleiss–Cohen–Everitt variance and Cohen's formula", () => {
    const { a, b } = expand(table);
    const got = cohenKappa(a, b, 3);
    const want = fceVariance(table);
    expect(got.items).toBe(70);
    expect(got.coeff).toBeCloseTo(want.kappa, 14);
    expect(got.se).toBeCloseTo(Math.sqrt(want.variance), 14);
    expect(got.df).toBe(69);
    expect(got.pValue).toBeGreaterThan(0);
    expect(got.pValue).toBeLessThan(1e-10);
  });

  it("equals Conger's kappa for two raters without missing ratings", () => {
    const { a, b } = expand(table);
    const conger = congerKappa(
      a.map((x, i) => [x, b[i] ?? null]),
      3,
    );
    expect(cohenKappa(a, b, 3).coeff).toBeCloseTo(conger.coeff ?? NaN, 14);
    const w = { weights: "quadratic" as const };
    expect(cohenKappa(a, b, 3, w).coeff).toBeCloseTo(
      congerKappa(
        a.map((x, i) => [x, b[i] ?? null]),
        3,
        w,
      ).coeff ?? NaN,
      14,
    );
  });

  it("uses only the items both raters rated", () => {
    const r = cohenKappa([0, 1, null, 1, 0], [0, 1, 1, null, 1], 2);
    expect(r.items).toBe(3);
    expect(r.pa).toBeCloseTo(2 / 3, 15);
  });

  it("gives defined results for degenerate pairs", () => {
    expect(cohenKappa([0, null], [null, 1], 2)).toMatchObject({ items: 0, coeff: null, se: null });
    expect(cohenKappa([1, 1, 1], [1, 1, 1], 3)).toMatchObject({ items: 3, pa: 1, coeff: null });
    expect(said(cohenKappa([1, 1, 1], [1, 1, 1], 3).note)).toMatch(/chance agreement is 1/);
    expect(cohenKappa([1], [0], 2)).toMatchObject({ items: 1, coeff: 0, se: null, df: null });
  });
});

describe("pairwiseCohenKappa", () => {
  it("covers every pair of raters in column order", () => {
    const ratings = [
      [0, 0, 1],
      [1, 1, 1],
      [0, 1, null],
      [1, 1, 0],
    ];
    const pairs = pairwiseCohenKappa(ratings, 2);
    expect(pairs.map((p) => [p.raterA, p.raterB, p.items])).toEqual([
      [0, 1, 4],
      [0, 2, 3],
      [1, 2, 3],
    ]);
    expect(pairs[0]?.coeff).toBeCloseTo(cohenKappa([0, 1, 0, 1], [0, 1, 1, 1], 2).coeff ?? NaN, 15);
  });
});
