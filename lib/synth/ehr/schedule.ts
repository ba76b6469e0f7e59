/**
 * Antenatal visit schedule: booking at 8–12 weeks, then roughly four-weekly, two-weekly
 * from 28 weeks and weekly from 36 weeks (Chinese routine, 7–11+ visits), with the
 * screening windows pinned (NT 11+3–13+6, anatomy 20–24, OGTT 24–28, GBS 36+0–37+6).
 * Storylines add unscheduled visits before ids are assigned.
 */
import { addDays, wk } from "../dates";
import type { Rng } from "../random";
import type { PatientBuilder, Tag, Visit, VisitKind } from "./record";

export function newVisit(ga: number, kind: VisitKind, tags: Tag[] = [], reasons: string[] = []): Visit {
  return { id: "", ga, date: "", kind, start: 0, tags: new Set(tags), reasons: new Set(reasons) };
}

interface Slot {
  lo: number;
  hi: number;
  tags: Tag[];
  skip: number;
}

const SLOTS: Slot[] = [
  { lo: wk(15, 3), hi: wk(16, 6), tags: [], skip: 0.1 },
  { lo: wk(20), hi: wk(21, 3), tags: ["usAnatomy"], skip: 0 },
  { lo: wk(24), hi: wk(25, 4), tags: ["ogtt", "cbc"], skip: 0 },
  { lo: wk(28), hi: wk(28, 4), tags: ["antibody"], skip: 0.15 },
  { lo: wk(30), hi: wk(31, 2), tags: ["usGrowth", "liver", "tba"], skip: 0 },
  { lo: wk(32), hi: wk(32, 5), tags: [], skip: 0.15 },
  { lo: wk(34), hi: wk(34, 4), tags: ["liver", "tba"], skip: 0 },
  { lo: wk(36), hi: wk(36, 3), tags: ["cbc", "coag", "renal", "gbs", "nst", "usGrowth"], skip: 0 },
  { lo: wk(37), hi: wk(37, 3), tags: ["nst"], skip: 0 },
  { lo: wk(38), hi: wk(38, 3), tags: ["nst", "tba"], skip: 0.1 },
  { lo: wk(39), hi: wk(39, 3), tags: ["nst"], skip: 0.1 },
  { lo: wk(40), hi: wk(40, 2), tags: ["nst"], skip: 0 },
  { lo: wk(41), hi: wk(41, 1), tags: ["nst", "usGrowth"], skip: 0 },
];

export function planRoutineVisits(pb: PatientBuilder): Visit[] {
  const r = pb.rng;
  const p = pb.profile;
  const visits: Visit[] = [];
  // Most women are first seen in an early-pregnancy clinic (hCG trend, viability scan).
  const early = r.chance(0.85);
  let afterEarly = 0;
  if (early) {
    const first = r.int(wk(5, 2), wk(6, 4));
    const second = first + r.int(7, 12);
    visits.push(newVisit(first, "early", ["hcg"]));
    visits.push(newVisit(second, "early", ["hcg", "usDating"]));
    afterEarly = second + 5;
  }
  const bookingGa = Math.max(afterEarly, r.int(wk(8), wk(12)));
  const booking = newVisit(bookingGa, "booking", ["booking", "cbc", "liver", "renal", "ferritin"]);
  if (!early) booking.tags.add("usDating");
  visits.push(booking);
  let last = bookingGa;
  if (bookingGa >= wk(11, 3)) {
    booking.tags.add("usNt");
    booking.tags.add("nipt");
  } else {
    const ntGa = Math.max(bookingGa + 7, r.int(wk(11, 3), wk(13, 2)));
    visits.push(newVisit(ntGa, "routine", ["usNt", "nipt"]));
    last = ntGa;
  }
  for (const s of SLOTS) {
    if (r.chance(s.skip)) continue;
    const ga = Math.max(last + 6, r.int(s.lo, s.hi));
    visits.push(newVisit(ga, "routine", s.tags));
    last = ga;
  }
  if (p.twins) addTwinScans(pb, visits);
  return visits.filter((v) => v.ga < p.deliveryGa);
}

/** DCDA: growth scans four-weekly from 20 wk; MCDA: fortnightly from 16 wk (TTTS). */
function addTwinScans(pb: PatientBuilder, visits: Visit[]): void {
  const step = pb.profile.twins === "MCDA" ? 14 : 28;
  const from = pb.profile.twins === "MCDA" ? wk(16) : wk(24);
  for (let ga = from; ga < wk(37); ga += step) {
    const near = visits.find((v) => Math.abs(v.ga - ga) <= 4 && v.kind === "routine");
    if (near) {
      if (!near.tags.has("usAnatomy")) near.tags.add("usTwin");
    } else {
      visits.push(newVisit(ga + pb.rng.int(-2, 2), "unscheduled", ["usTwin"], ["twin-scan"]));
    }
  }
}

/** Sorts, moves same-day clashes apart, assigns dates, arrival times and ids V01, V02, … */
export function finalizeVisits(pb: PatientBuilder, visits: Visit[], rng: Rng): Visit[] {
  const order: Record<VisitKind, number> = { early: 0, booking: 1, routine: 2, unscheduled: 3, admission: 4 };
  const sorted = visits.slice().sort((a, b) => a.ga - b.ga || order[a.kind] - order[b.kind]);
  let prev = -1;
  for (const v of sorted) {
    if (v.kind !== "admission" && v.ga <= prev) v.ga = prev + 1;
    prev = v.ga;
  }
  const kept = sorted.filter((v) => v.kind === "admission" || v.ga < pb.profile.deliveryGa);
  const width = kept.length >= 100 ? 3 : 2;
  kept.forEach((v, i) => {
    v.id = `V${String(i + 1).padStart(width, "0")}`;
    v.date = addDays(pb.profile.lmp, v.ga);
    // Routine clinics run in the morning; same-day BP rechecks need ≥ 4 h before closing.
    v.start = v.kind === "admission" ? rng.int(360, 1080) : v.kind === "unscheduled" ? rng.int(480, 660) : rng.int(470, 640);
  });
  return kept;
}
