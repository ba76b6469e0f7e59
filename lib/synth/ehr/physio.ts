/**
 * Physiology by gestational age. Values for a woman without the matching condition are
 * kept clear of every decision threshold (with a margin), so a rule can only "hold" in a
 * record when a storyline deliberately made it hold. Storylines bend the curves through
 * `mods` (e.g. ICP raises bile acids after onset) instead of patching emitted events.
 */
import { trimester, wk } from "../dates";
import type { Rng } from "../random";
import { roundTo } from "../random";
import type { Profile } from "./profile";

export type UrineProtein = "-" | "±" | "1+" | "2+" | "3+";
type Mod<T> = (ga: number, normal: T) => T;

export interface PhysioMods {
  hb?: Mod<number>;
  plt?: Mod<number>;
  alt?: Mod<number>;
  ast?: Mod<number>;
  tba?: Mod<number>;
  bp?: Mod<[number, number]>;
  urineProtein?: Mod<UrineProtein>;
  ferritin?: Mod<number>;
}

export class Physio {
  readonly mods: PhysioMods = {};
  private readonly hb0: number;
  private readonly plt0: number;
  private readonly sbp0: number;
  private readonly dbp0: number;
  /** Fetal size z-score per fetus; kept ≥ −0.9 so no fetus screens as growth-restricted. */
  readonly fetalZ: number[];

  constructor(
    private readonly rng: Rng,
    private readonly p: Profile,
  ) {
    this.hb0 = rng.clampedNormal(127, 6, 118, 142);
    this.plt0 = rng.clampedNormal(225, 40, 160, 330);
    this.sbp0 = rng.clampedNormal(110, 7, 96, 124);
    this.dbp0 = rng.clampedNormal(69, 5, 58, 78);
    const n = p.twins ? 2 : 1;
    this.fetalZ = Array.from({ length: n }, () => rng.clampedNormal(0, 0.6, -0.9, 1.6));
  }

  /** Hb in g/L; physiological dilution dips in T2. Normal stays ≥ 113 (T1/T3) / ≥ 108 (T2). */
  hb(ga: number): number {
    const t = trimester(ga);
    const dip = t === 1 ? 0 : t === 2 ? 9 : 6;
    const floor = t === 2 ? 108 : 113;
    const normal = Math.round(Math.max(floor, this.hb0 - dip + this.rng.normal(0, 2)));
    return Math.round(this.mods.hb ? this.mods.hb(ga, normal) : normal);
  }

  plt(ga: number): number {
    const normal = Math.round(Math.max(140, this.plt0 - (ga > wk(28) ? 15 : 0) + this.rng.normal(0, 8)));
    return this.mods.plt ? Math.round(this.mods.plt(ga, normal)) : normal;
  }

  alt(ga: number): number {
    const normal = Math.round(this.rng.clampedNormal(15, 5, 8, 32));
    return this.mods.alt ? Math.round(this.mods.alt(ga, normal)) : normal;
  }

  ast(ga: number): number {
    const normal = Math.round(this.rng.clampedNormal(18, 4, 10, 32));
    return this.mods.ast ? Math.round(this.mods.ast(ga, normal)) : normal;
  }

  /** Total bile acids µmol/L; normal stays < 8 so ICP's ≥ 10 cutoff is never reached by noise. */
  tba(ga: number): number {
    const normal = roundTo(this.rng.clampedNormal(3.2, 1.4, 0.6, 7.8), 1);
    return this.mods.tba ? roundTo(this.mods.tba(ga, normal), 1) : normal;
  }

  ferritin(ga: number): number {
    const normal = Math.round(this.rng.clampedNormal(ga < wk(14) ? 60 : 38, 12, 32, 110));
    return this.mods.ferritin ? Math.round(this.mods.ferritin(ga, normal)) : normal;
  }

  /** [systolic, diastolic] mmHg; normal stays ≤ 132/84. */
  bp(ga: number): [number, number] {
    const mid = ga > wk(16) && ga < wk(28) ? -3 : 0;
    const s = Math.round(Math.min(132, this.sbp0 + mid + this.rng.normal(0, 4)));
    const d = Math.round(Math.min(84, this.dbp0 + mid + this.rng.normal(0, 3)));
    return this.mods.bp ? this.mods.bp(ga, [s, d]) : [s, d];
  }

  urineProtein(ga: number): UrineProtein {
    const normal: UrineProtein = this.rng.chance(0.06) ? "±" : "-";
    return this.mods.urineProtein ? this.mods.urineProtein(ga, normal) : normal;
  }

  /** Maternal weight: ~1 kg in T1 then ~0.45 kg/week (more with twins). */
  weight(ga: number): number {
    const perWeek = this.p.twins ? 0.62 : 0.45;
    const gain = ga < wk(13) ? (ga / wk(13)) * 1.0 : 1.0 + ((ga - wk(13)) / 7) * perWeek;
    return roundTo(this.p.weightKg + gain + this.rng.normal(0, 0.3), 1);
  }

  /** Fundal height tracks weeks after 20 wk (±2 cm); larger with twins. */
  fundalHeight(ga: number): number {
    const extra = this.p.twins ? Math.min(5, (ga - wk(20)) / 14) : 0;
    return Math.round(ga / 7 + extra + this.rng.normal(0, 1));
  }

  fhr(): number {
    return Math.round(this.rng.clampedNormal(142, 7, 125, 158));
  }

  /** CRL (mm) from GA by inverting Robinson's formula GA(d) = 8.052·√CRL + 23.73. */
  crl(ga: number): number {
    return roundTo(((ga - 23.73) / 8.052) ** 2 + this.rng.normal(0, 1.2), 1);
  }

  /** Hadlock biometry (cm→mm) for fetus `f`, scaled by its size z-score. */
  biometry(ga: number, f: number) {
    const w = ga / 7;
    const z = this.fetalZ[f] ?? 0;
    const scale = 1 + 0.045 * z;
    const j = () => 1 + this.rng.normal(0, 0.012);
    const bpd = (-3.08 + 0.41 * w - 0.000061 * w ** 3) * scale * j();
    const hc = (-11.48 + 1.56 * w - 0.0002548 * w ** 3) * scale * j();
    const ac = (-13.3 + 1.61 * w - 0.00998 * w ** 2) * scale * j();
    const fl = (-3.91 + 0.427 * w - 0.0034 * w ** 2) * scale * j();
    const efw = 10 ** (1.326 - 0.00326 * ac * fl + 0.0107 * hc + 0.0438 * ac + 0.158 * fl);
    const acMean = -13.3 + 1.61 * w - 0.00998 * w ** 2;
    const flMean = -3.91 + 0.427 * w - 0.0034 * w ** 2;
    const hcMean = -11.48 + 1.56 * w - 0.0002548 * w ** 3;
    const efwMean = 10 ** (1.326 - 0.00326 * acMean * flMean + 0.0107 * hcMean + 0.0438 * acMean + 0.158 * flMean);
    const centile = Math.round(normalCdf(Math.log(efw / efwMean) / 0.12) * 100);
    return {
      bpd: Math.round(bpd * 10),
      hc: Math.round(hc * 10),
      ac: Math.round(ac * 10),
      fl: Math.round(fl * 10),
      efw: Math.round(efw),
      centile: Math.min(99, Math.max(12, centile)),
      dvp: roundTo(this.rng.clampedNormal(5, 1, 3, 7.5), 1),
    };
  }
}

/** Abramowitz–Stegun approximation; precise enough for a printed centile. */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = 0.3989423 * Math.exp((-z * z) / 2);
  const p = d * t * (0.3193815 + t * (-0.3565638 + t * (1.781478 + t * (-1.821256 + t * 1.330274))));
  return z > 0 ? 1 - p : p;
}
