/**
 * Who the patient is and which storylines her pregnancy follows. Prevalences are those
 * of a tertiary referral centre (the published benchmark's source), i.e. enriched for
 * complications compared with the general obstetric population.
 */
import { addDays, fromDayNumber, toDayNumber, wk } from "../dates";
import type { Rng } from "../random";

export type Chorionicity = "DCDA" | "MCDA";
export type HdpType = "gh" | "pe" | "severe";
export type IcpSeverity = "mild" | "moderate" | "severe";

export interface Conditions {
  anemia: null | { onset: "booking" | "mid" | "late"; responder: boolean; depth: number };
  gdm: null | { insulin: boolean };
  icp: null | { onsetGa: number; severity: IcpSeverity };
  hdp: null | { type: HdpType; onsetGa: number; sameDayRecheck: boolean };
  gbs: boolean;
  screen: null | "nt" | "nipt";
  rhNeg: boolean;
  pcnAllergy: boolean;
  prevPe: boolean;
  prolonged: boolean;
  /** Episodes that are not decision points: they make the record realistic and noisy. */
  uri: number | null;
  asb: number | null;
  rfm: number | null;
}

export interface Profile {
  index: number;
  patientId: string;
  pregnancyId: string;
  age: number;
  gravida: number;
  para: number;
  heightCm: number;
  weightKg: number;
  bmi: number;
  lmp: string;
  edd: string;
  datingMethod: "CRL" | "LMP" | "IVF";
  abo: "A" | "B" | "O" | "AB";
  twins: Chorionicity | null;
  cond: Conditions;
  deliveryGa: number;
  cesarean: boolean;
  fetalSex: "F" | "M";
}

export function patientIdFor(index: number, total: number): string {
  const width = Math.max(4, String(total).length);
  return `SYN-P${String(index + 1).padStart(width, "0")}`;
}

const FIRST_LMP = toDayNumber("2030-01-01");

export function makeProfile(rng: Rng, index: number, total: number): Profile {
  const patientId = patientIdFor(index, total);
  const age = Math.round(rng.clampedNormal(30.5, 4.5, 19, 44));
  const para = rng.weighted([
    [0, 55],
    [1, 38],
    [2, 7],
  ] as const);
  const gravida =
    para +
    1 +
    rng.weighted([
      [0, 70],
      [1, 22],
      [2, 8],
    ] as const);
  const heightCm = Math.round(rng.clampedNormal(160, 5.5, 146, 178));
  const bmi = rng.clampedNormal(22, 3.2, 16.5, 36);
  const weightKg = Math.round(bmi * (heightCm / 100) ** 2 * 10) / 10;
  const ivf = rng.chance(age >= 35 ? 0.12 : 0.04);
  const twinsP = ivf ? 0.3 : 0.045;
  const twins: Chorionicity | null = rng.chance(twinsP) ? (rng.chance(ivf ? 0.9 : 0.7) ? "DCDA" : "MCDA") : null;
  const lmp = fromDayNumber(FIRST_LMP + rng.int(0, 3 * 365));
  const tw = twins ? 2 : 1;

  // Storylines. ICP and hypertensive disorders are kept mutually exclusive: raised
  // transaminases are part of both, and a case with both would make rule checks ambiguous.
  const prevPe = para > 0 && rng.chance(0.06);
  const hdpP = (prevPe ? 0.3 : 0.085) * (twins ? 2 : 1);
  let hdp: Conditions["hdp"] = null;
  let icp: Conditions["icp"] = null;
  if (rng.chance(hdpP)) {
    const type = rng.weighted<HdpType>([
      ["gh", 45],
      ["pe", 30],
      ["severe", 25],
    ]);
    const onsetGa = type === "severe" ? rng.int(wk(30), wk(35, 4)) : rng.int(wk(26), wk(35, 2));
    hdp = { type, onsetGa, sameDayRecheck: rng.chance(0.5) };
  } else if (rng.chance(0.07 * tw)) {
    const severity = rng.weighted<IcpSeverity>([
      ["mild", 45],
      ["moderate", 35],
      ["severe", 20],
    ]);
    const onsetGa = severity === "severe" ? rng.int(wk(28), wk(31, 3)) : rng.int(wk(29), wk(34, 2));
    icp = { onsetGa, severity };
  }
  const anemiaP = 0.18 * (twins ? 1.6 : 1);
  const anemia: Conditions["anemia"] = rng.chance(anemiaP)
    ? {
        onset: rng.weighted([
          ["booking", 35],
          ["mid", 40],
          ["late", 25],
        ] as const),
        responder: rng.chance(0.65),
        depth: rng.float(0, 1),
      }
    : null;
  const gdmP = 0.15 * (bmi >= 28 ? 1.8 : 1) * (age >= 35 ? 1.4 : 1);
  const gdm: Conditions["gdm"] = rng.chance(gdmP) ? { insulin: rng.chance(0.35) } : null;
  const screenRoll = rng.next();
  const screen: Conditions["screen"] = twins ? null : screenRoll < 0.025 ? "nt" : screenRoll < 0.05 ? "nipt" : null;

  const cond: Conditions = {
    anemia,
    gdm,
    icp,
    hdp,
    gbs: rng.chance(0.11),
    screen,
    rhNeg: rng.chance(0.025),
    pcnAllergy: rng.chance(0.06),
    prevPe,
    prolonged: false,
    uri: rng.chance(0.12) ? rng.int(wk(10), wk(30)) : null,
    asb: rng.chance(0.06) ? rng.int(wk(14), wk(26)) : null,
    rfm: rng.chance(0.08) ? rng.int(wk(30), wk(35)) : null,
  };

  const deliveryGa = chooseDeliveryGa(rng, cond, twins);
  cond.prolonged = deliveryGa >= wk(41);
  const datingMethod = ivf ? "IVF" : rng.chance(0.72) ? "CRL" : "LMP";
  return {
    index,
    patientId,
    pregnancyId: `${patientId}-G${gravida}`,
    age,
    gravida,
    para,
    heightCm,
    weightKg,
    bmi: Math.round(bmi * 10) / 10,
    lmp,
    edd: addDays(lmp, 280),
    datingMethod,
    abo: rng.weighted([
      ["A", 28],
      ["B", 30],
      ["O", 32],
      ["AB", 10],
    ] as const),
    twins,
    cond,
    deliveryGa,
    cesarean: rng.chance(twins ? 0.7 : cond.hdp?.type === "severe" ? 0.8 : 0.35),
    fetalSex: rng.chance(0.5) ? "F" : "M",
  };
}

/** Earliest delivery any storyline requires (a complication always brings delivery forward). */
function chooseDeliveryGa(rng: Rng, c: Conditions, twins: Chorionicity | null): number {
  const options: number[] = [];
  const uncomplicated = !c.hdp && !c.icp && !twins && !c.gdm?.insulin;
  if (uncomplicated && rng.chance(0.1)) options.push(rng.int(wk(41, 2), wk(41, 5)));
  else
    options.push(
      rng.weighted([
        [rng.int(wk(37), wk(38, 6)), 18],
        [rng.int(wk(39), wk(40, 6)), 82],
      ] as const),
    );
  if (twins === "DCDA") options.push(rng.int(wk(37), wk(37, 5)));
  if (twins === "MCDA") options.push(rng.int(wk(36), wk(36, 5)));
  if (c.icp) {
    const s = c.icp.severity;
    options.push(s === "severe" ? wk(36) : s === "moderate" ? rng.int(wk(38), wk(38, 6)) : rng.int(wk(38, 3), wk(39, 6)));
  }
  if (c.hdp) {
    const h = c.hdp;
    options.push(
      h.type === "severe"
        ? h.onsetGa + rng.int(3, 8)
        : h.type === "pe"
          ? Math.max(h.onsetGa + 10, rng.int(wk(37), wk(37, 3)))
          : rng.int(wk(37, 4), wk(39, 3)),
    );
  }
  if (c.gdm?.insulin) options.push(rng.int(wk(39), wk(39, 5)));
  return Math.min(...options);
}
