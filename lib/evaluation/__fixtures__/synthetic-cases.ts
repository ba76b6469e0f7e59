/**
 * Deterministic synthetic scored cases for tests and bench/bootstrap.ts: every patient
 * has at least one case, extra cases go to random patients, and each patient has its
 * own success probability so that cases really are clustered.
 */
import { createPrng } from "@/lib/sampling/prng";
import type { EvalCase } from "../types";

const CHAPTERS = ["antenatal-care", "labour", "postpartum", "screening", "medication"];
const LEVELS = ["L1", "L2", "L3"];

export function syntheticCases(cases = 1500, patients = 976, seed = "synthetic-eval-v1"): EvalCase[] {
  if (cases < patients) throw new RangeError("need at least one case per patient");
  const rng = createPrng(seed, "cases");
  const perPatient = new Array<number>(patients).fill(1);
  for (let k = patients; k < cases; k++) {
    const i = rng.nextInt(patients);
    perPatient[i] = (perPatient[i] as number) + 1;
  }
  const out: EvalCase[] = [];
  perPatient.forEach((n, p) => {
    const skill = 0.35 + 0.6 * rng.nextFloat(); // patient-level difficulty
    const patientId = `P${String(p).padStart(4, "0")}`;
    for (let dp = 1; dp <= n; dp++) {
      out.push({
        caseId: `${patientId}-DP${dp}`,
        patientId,
        correct: rng.nextFloat() < skill - 0.05 * (dp - 1),
        chapter: CHAPTERS[rng.nextInt(CHAPTERS.length)] as string,
        level: LEVELS[rng.nextInt(LEVELS.length)] as string,
        decisionPoint: dp,
      });
    }
  });
  return out;
}
