/**
 * One patient's whole pregnancy: profile → schedule → visit-by-visit charting → events
 * sorted by time and numbered. Everything is drawn from streams forked off
 * `root/patient/<index>`, so a patient is the same whichever patients are generated with her.
 */
import type { Lang } from "../lang";
import type { Rng } from "../random";
import { admissionReason, chartDelivery } from "./delivery";
import { writeBookingNote } from "./notes/booking-note";
import {
  updateCourse,
  writeCommunicationNote,
  writeFlowSheet,
  writeRiskForm,
  writeEducationNote,
  writeHistoryNote,
  writeNursingNote,
  writePlanNote,
} from "./notes/visit-notes";
import { Physio } from "./physio";
import { makeProfile } from "./profile";
import { PatientBuilder, VisitCtx } from "./record";
import { routineAct, routineObserve } from "./routine";
import { finalizeVisits, newVisit, planRoutineVisits } from "./schedule";
import { anemiaStoryline } from "./storylines/anemia";
import { episodesStoryline } from "./storylines/episodes";
import { gbsStoryline } from "./storylines/gbs";
import { gdmStoryline } from "./storylines/gdm";
import { hdpStoryline } from "./storylines/hypertension";
import { icpStoryline } from "./storylines/icp";
import { prenatalCareStoryline } from "./storylines/prenatal-care";
import { screeningStoryline } from "./storylines/screening";
import type { Storyline } from "./storylines/storyline";
import { twinsStoryline } from "./storylines/twins";
import type { EhrPatient } from "./types";

// Hypertension first: a severe case moves delivery earlier, which other storylines must see.
const STORYLINES = [
  hdpStoryline,
  icpStoryline,
  gdmStoryline,
  anemiaStoryline,
  twinsStoryline,
  screeningStoryline,
  gbsStoryline,
  prenatalCareStoryline,
  episodesStoryline,
];

export interface PatientOptions {
  root: Rng;
  index: number;
  total: number;
  lang: Lang;
  brief: boolean;
}

export function buildPatient(o: PatientOptions): { pb: PatientBuilder; patient: EhrPatient } {
  const rng = o.root.fork(`patient/${o.index}`);
  const profile = makeProfile(rng.fork("profile"), o.index, o.total);
  const pb = new PatientBuilder(o.lang, rng.fork("events"), profile, new Physio(rng.fork("physio"), profile), o.brief);
  const stories = STORYLINES.map((f) => f(pb)).filter((s): s is Storyline => s !== null);
  const planned = planRoutineVisits(pb);
  for (const s of stories) s.schedule?.(planned);
  planned.push(newVisit(profile.deliveryGa, "admission", ["cbc", "coag"], ["delivery"]));
  pb.visits = finalizeVisits(pb, planned, rng.fork("times"));

  for (const visit of pb.visits) {
    const v = new VisitCtx(pb, visit);
    const admission = visit.kind === "admission";
    routineObserve(v);
    for (const s of stories) s.observe?.(v);
    if (visit.kind === "booking") writeBookingNote(v);
    if (admission) v.complaints.unshift(admissionReason(v));
    writeNursingNote(v);
    writeHistoryNote(v);
    if (!admission) writeFlowSheet(v);
    if (!admission) writeRiskForm(v);
    v.planAt = v.lastObs + pb.rng.int(15, 40);
    if (!admission) for (const s of stories) s.decide?.(v);
    for (const s of stories) s.act?.(v);
    if (admission) {
      chartDelivery(v);
      continue;
    }
    writePlanNote(v, routineAct(v));
    writeEducationNote(v);
    writeCommunicationNote(v);
    updateCourse(v);
  }

  // Stable sort by time keeps same-minute events in charting order; ids follow time.
  const events = pb.events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (a.e.time < b.e.time ? -1 : a.e.time > b.e.time ? 1 : a.i - b.i))
    .map((x) => x.e);
  const width = Math.max(4, String(events.length).length);
  events.forEach((e, i) => {
    e.event_id = `E${String(i + 1).padStart(width, "0")}`;
  });
  const patient: EhrPatient = {
    patient_id: profile.patientId,
    pregnancy_id: profile.pregnancyId,
    demographics: {
      maternal_age: profile.age,
      gravida: profile.gravida,
      para: profile.para,
      height_cm: profile.heightCm,
      pre_pregnancy_weight_kg: profile.weightKg,
      bmi: profile.bmi,
    },
    dating: { lmp_date: profile.lmp, edd: profile.edd, method: profile.datingMethod },
    events,
  };
  return { pb, patient };
}
