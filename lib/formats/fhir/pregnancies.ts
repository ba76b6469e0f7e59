// The pregnancy Conditions pass 1 meets (index-records.ts) and, once every patient is known,
// each patient's pregnancy: her latest pregnancy Condition. Whether anything dates it (an EDD,
// LMP or gestational-age observation, or the Condition's onset) is checked here too, so an
// undated pregnancy is a finding of the import rather than a silent gap in every event's GA.
import type { FindingLog } from "../findings";
import { issueAt, type IssueLog, type Where } from "../issues";
import { isoToMillis } from "../primitives";
import { pregnancyOnset } from "./assemble";
import { eventTime, isPartialDate, type Json } from "./resource";
import type { SkipCounter } from "./skipped";

interface PregnancyCondition {
  subject: string;
  id: string;
  key: string;
  file: number;
  where: Where;
  onset: boolean;
  /** Its time as an event (should it be an earlier pregnancy), and when it began (onset, else recorded). */
  time?: string;
  began: number;
}

/** What `choose` fills in of a patient of the index. */
interface PregnantPatient {
  id: string;
  pregnancyId: string | null;
  events: { id: string; time: string }[];
}

export class PregnancyIndex {
  private readonly conditions: PregnancyCondition[] = [];
  /** Subjects with a dating observation (EDD, LMP) or a gestational-age observation. */
  private readonly dated = new Set<string>();

  constructor(private readonly timeZone: string) {}

  /** A pregnancy Condition (`key`) of `subject`, read from file `file`. */
  add(raw: Json, key: string, subject: string, file: number, where: Where): void {
    const onset = pregnancyOnset(raw);
    const t = eventTime(raw);
    const time = t && !isPartialDate(t.value) && isoToMillis(t.value, this.timeZone) !== null ? t.value : undefined;
    const began = isoToMillis(onset ?? time ?? "", this.timeZone) ?? Number.NEGATIVE_INFINITY;
    this.conditions.push({ subject, id: key.slice(key.indexOf("/") + 1), key, file, where, onset: onset !== undefined, time, began });
  }

  /** `subject` has a dating or gestational-age observation. */
  markDated(subject: string): void {
    this.dated.add(subject);
  }

  /**
   * Sets each patient's pregnancy and returns the key of its Condition per patient. `index`:
   * patient key (`Patient/x`) → position in `patients`; `resolve`: a reference → its key. Earlier
   * pregnancies become diagnosis events (no longer counted skipped); one with no time is refused.
   */
  choose(
    patients: PregnantPatient[],
    index: ReadonlyMap<string, number>,
    resolve: (ref: string) => string,
    out: { log: IssueLog; findings?: FindingLog; skipped: SkipCounter[] },
  ): (string | undefined)[] {
    // A patient's pregnancy is her latest pregnancy Condition (by onset, else recorded time; ties:
    // the last written). Earlier ones (Synthea writes one per pregnancy) stay as diagnosis events.
    const byPatient = new Map<number, PregnancyCondition[]>();
    for (const preg of this.conditions) {
      const k = index.get(resolve(preg.subject));
      if (k === undefined) continue;
      const list = byPatient.get(k);
      if (list) list.push(preg);
      else byPatient.set(k, [preg]);
    }
    // Patients whose pregnancy nothing dates (no EDD / LMP / GA observation, no onset): a finding each.
    const datedPatients = new Map<string, PregnancyCondition>();
    const chosen: (string | undefined)[] = patients.map(() => undefined);
    for (const [k, list] of byPatient) {
      const p = patients[k] as PregnantPatient;
      const pick = list.reduce((a, b) => (b.began >= a.began ? b : a));
      p.pregnancyId = pick.id;
      chosen[k] = pick.key;
      datedPatients.set(p.id, pick);
      for (const earlier of list) {
        if (earlier === pick) continue;
        if (earlier.time === undefined) {
          out.log.add(
            issueAt(earlier.where, "recordedDate", "formats.fhirEarlierPregnancy", { patient: p.id, latest: JSON.stringify(pick.id) }),
          );
          continue;
        }
        p.events.push({ id: earlier.key, time: earlier.time });
        out.skipped[earlier.file]?.remove("Condition (pregnancy)");
      }
    }
    for (const ref of this.dated) datedPatients.delete(resolve(ref).slice("Patient/".length));
    for (const [id, preg] of datedPatients)
      if (!preg.onset)
        out.findings?.add(
          preg.where,
          "onsetDateTime",
          "gestational_age_unknown",
          `Patient/${id}: the pregnancy has no estimated delivery date, LMP, gestational-age observation or onset, so gestational age is unknown on every event`,
          { patient: id, pregnancy: `Condition/${preg.id}` },
        );
    return chosen;
  }
}
