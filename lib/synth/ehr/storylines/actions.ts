/** Post-decision chart actions shared by storylines: diagnoses and prescriptions. */
import type { Bi } from "../../lang";
import { gaLabel } from "../../dates";
import { DX, MED, type DxKey, type MedKey } from "../lexicon";
import type { VisitCtx } from "../record";
import type { EhrEvent } from "../types";

export function diagnose(v: VisitCtx, key: DxKey, offset = 1, note?: Bi): EhrEvent {
  const label = v.t(DX[key]);
  v.pb.addDiagnosis(label);
  v.assessment.push(label);
  return v.act(
    offset,
    {
      event_type: "diagnosis",
      name: label,
      text: note ? v.t(note) : v.t([`Diagnosed at ${gaLabel(v.ga)} weeks.`, `孕${gaLabel(v.ga)}周诊断。`]),
    },
    `dx:${key}`,
  );
}

/** A prescription: dose as value/unit, route and frequency in text. */
export function prescribe(v: VisitCtx, key: MedKey, dose: number, unit: string, sig: Bi, offset = 3): EhrEvent {
  const name = v.t(MED[key]);
  const sigText = v.t(sig);
  v.pb.startMed(`${name} ${dose} ${unit} ${sigText}`);
  v.plan.push(`${name} ${dose} ${unit} ${sigText}`);
  return v.act(offset, { event_type: "medication", name, value: dose, unit, text: sigText }, `med:${key}`);
}

export function stop(v: VisitCtx, key: MedKey): void {
  v.pb.stopMed(v.t(MED[key]));
}
