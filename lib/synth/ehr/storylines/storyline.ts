/**
 * A storyline follows one clinical thread through the pregnancy. Hooks run per visit in
 * this order: observe (findings before the decision) → decide (register decision-point
 * candidates once the visit's notes exist) → act (diagnoses, prescriptions, plan items,
 * all charted after the cutoff).
 */
import type { PatientBuilder, Visit, VisitCtx } from "../record";

export interface Storyline {
  name: string;
  /** Add unscheduled visits / due tests before visit ids are assigned. */
  schedule?(visits: Visit[]): void;
  observe?(v: VisitCtx): void;
  decide?(v: VisitCtx): void;
  act?(v: VisitCtx): void;
}

export type StorylineFactory = (pb: PatientBuilder) => Storyline | null;

/** First visit (in planning order) matching a predicate, by gestational age. */
export function firstVisit(visits: Visit[], pred: (v: Visit) => boolean): Visit | undefined {
  return visits.filter(pred).sort((a, b) => a.ga - b.ga)[0];
}
