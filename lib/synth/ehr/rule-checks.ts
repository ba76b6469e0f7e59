/**
 * Checks, from the record alone, that an instance's rule really holds at its cutoff. The
 * generator's internal state is never consulted: these read values off the events the
 * evidence ids point at, exactly as a clinician auditing the item would. Used by tests and
 * available to anyone validating a generated bundle.
 */
import { wk } from "../dates";
import { daysBetween, hoursBetween, trimester } from "../dates";
import { N, MED, type NameKey } from "./lexicon";
import type { EhrEvent, EhrInstance, EhrPatient } from "./types";

const names = (k: NameKey): string[] => [...N[k]];

/** Numeric value of an analyte in an event (its own value or one of its items). */
export function measure(e: EhrEvent, key: NameKey): number | undefined {
  const ns = names(key);
  if (ns.includes(e.name) && typeof e.value === "number") return e.value;
  // Twin items are prefixed ("Twin A NT", "胎儿A 颈项透明层(NT)").
  const it = e.items?.find((i) => ns.some((n) => i.name === n || i.name.endsWith(` ${n}`)));
  return typeof it?.value === "number" ? it.value : undefined;
}

function item(e: EhrEvent, key: NameKey): string | number | undefined {
  return e.items?.find((i) => names(key).includes(i.name))?.value;
}

const values = (evs: EhrEvent[], key: NameKey) => evs.map((e) => measure(e, key)).filter((x): x is number => x !== undefined);
const notes = (evs: EhrEvent[]) => evs.filter((e) => e.event_type === "clinical_note").map((e) => e.text ?? "");
const scans = (evs: EhrEvent[]) => evs.filter((e) => e.event_type === "ultrasound").map((e) => e.text ?? "");
const isName = (e: EhrEvent, key: NameKey) => names(key).includes(e.name);

interface Bp {
  sys: number;
  dia: number;
  time: string;
  ga: number;
}

function bps(evs: EhrEvent[]): Bp[] {
  return evs
    .filter((e) => isName(e, "bp"))
    .map((e) => ({ sys: Number(item(e, "sbp")), dia: Number(item(e, "dbp")), time: e.time, ga: e.ga_days ?? 0 }));
}

const PRURITUS = [/(reports|complains of|still has)[^.]*(pruritus|itch)/i, /诉[^。]*瘙痒/];
const PREV_PE = [/complicated by preeclampsia/i, /并发子痫前期/];
const PCN = [/penicillin \(rash/i, /青霉素过敏/];
const DICHORIONIC = [/dichorionic/i, /双绒毛膜/];
const MONOCHORIONIC = [/monochorionic/i, /单绒毛膜/];
const any = (texts: string[], res: RegExp[]) => texts.some((t) => res.some((re) => re.test(t)));

function hypertensive(evs: EhrEvent[]): boolean {
  const high = bps(evs).filter((b) => (b.sys >= 140 || b.dia >= 90) && b.ga >= wk(20));
  if (high.length < 2) return false;
  const times = high.map((b) => b.time).sort();
  return hoursBetween(times[0] as string, times[times.length - 1] as string) >= 4 || high.some((b) => b.sys >= 160 || b.dia >= 110);
}

function severeFeatures(evs: EhrEvent[]): boolean {
  return (
    bps(evs).some((b) => b.sys >= 160 || b.dia >= 110) ||
    values(evs, "plt").some((p) => p < 100) ||
    [...values(evs, "alt"), ...values(evs, "ast")].some((x) => x >= 80)
  );
}

function proteinuria(evs: EhrEvent[]): boolean {
  const dip = evs.map((e) => item(e, "uprot")).some((p) => p === "2+" || p === "3+");
  return dip || values(evs, "prot24").some((x) => x >= 0.3);
}

/** A qualitative positive: flagged on the event or on one of its items. */
function positive(e: EhrEvent): boolean {
  return e.flag === "A" || (e.items ?? []).some((i) => i.flag === "A");
}

/** null when the rule holds; otherwise the reason it does not. */
export function checkRule(inst: EhrInstance, patient: EhrPatient): string | null {
  const byId = new Map(patient.events.map((e) => [e.event_id, e]));
  const ev = inst.evidence_event_ids.map((id) => byId.get(id)).filter((e): e is EhrEvent => e !== undefined);
  if (ev.length !== inst.evidence_event_ids.length) return "evidence id not found";
  if (ev.some((e) => e.time > inst.cutoff.time)) return "evidence after cutoff";
  const pre = patient.events.filter((e) => e.time <= inst.cutoff.time);
  const ga = inst.cutoff.ga_days;
  const ok = (cond: boolean, why: string) => (cond ? null : why);
  switch (inst.rule_id) {
    case "ICP-DX-01":
      return ok(values(ev, "tba").some((x) => x >= 10) && any(notes(ev), PRURITUS), "needs TBA ≥ 10 and a pruritus note");
    case "ICP-DEL-100":
      return ok(
        values(ev, "tba").some((x) => x >= 100),
        "needs TBA ≥ 100",
      );
    case "ICP-DEL-40": {
      const peak = Math.max(...values(pre, "tba"));
      return ok(values(ev, "tba").some((x) => x >= 40 && x < 100) && peak < 100, "needs peak TBA 40–99");
    }
    case "GDM-DX-01":
      return ok(
        values(ev, "ogttF").some((x) => x >= 5.1) || values(ev, "ogtt1").some((x) => x >= 10) || values(ev, "ogtt2").some((x) => x >= 8.5),
        "needs an OGTT value at/above cutoff",
      );
    case "GDM-INS-01":
      return ok(
        values(ev, "smbgF").some((x) => x >= 5.3) || values(ev, "smbgPp").some((x) => x >= 6.7),
        "needs glucose diary above target",
      );
    case "HDP-GH-01":
      return ok(
        hypertensive(ev) && !proteinuria(ev) && !severeFeatures(ev),
        "needs two BP ≥ 140/90 ≥ 4 h apart, no proteinuria, no severe features",
      );
    case "HDP-PE-01":
      return ok(hypertensive(ev) && proteinuria(ev) && !severeFeatures(ev), "needs hypertension with proteinuria and no severe features");
    case "HDP-SEV-01":
      return ok(hypertensive(ev) && severeFeatures(ev), "needs hypertension with a severe feature");
    case "HDP-ASA-01":
      return ok(
        ga >= wk(11) && ga < wk(16) && (any(notes(ev), PREV_PE) || any(scans(ev), [...DICHORIONIC, ...MONOCHORIONIC])),
        "needs a high-risk factor at 11–16 weeks",
      );
    case "AN-DX-01":
      return ok(
        ev.some((e) => {
          const hb = measure(e, "hb");
          return hb !== undefined && hb < (trimester(e.ga_days ?? 0) === 2 ? 105 : 110);
        }),
        "needs Hb below the trimester threshold",
      );
    case "AN-IV-01": {
      const cbc = ev.filter((e) => measure(e, "hb") !== undefined).sort((a, b) => a.time.localeCompare(b.time));
      const first = cbc[0];
      const last = cbc[cbc.length - 1];
      const iron = ev.some((e) => e.event_type === "medication" && (MED.ironOral as readonly string[]).includes(e.name));
      return ok(
        !!first &&
          !!last &&
          first !== last &&
          daysBetween(first.time.slice(0, 10), last.time.slice(0, 10)) >= 21 &&
          (measure(last, "hb") ?? 999) - (measure(first, "hb") ?? 0) < 10 &&
          iron,
        "needs < 10 g/L rise after ≥ 3 weeks of oral iron",
      );
    }
    case "GBS-SCR-01":
      return ok(ga >= wk(35) && ga <= wk(37, 6) && !pre.some((e) => isName(e, "gbs")), "needs 35–37+6 weeks without a GBS result");
    case "GBS-IAP-01":
      return ok(
        ev.some((e) => isName(e, "gbs") && positive(e)),
        "needs a positive GBS culture",
      );
    case "GBS-PCN-01":
      return ok(ev.some((e) => isName(e, "gbs") && positive(e)) && any(notes(ev), PCN), "needs positive GBS and a penicillin allergy note");
    case "PS-NT-01":
      return ok(
        values(ev, "nt").some((x) => x >= 3.5),
        "needs NT ≥ 3.5 mm",
      );
    case "PS-NIPT-01":
      return ok(
        ev.some((e) => isName(e, "nipt") && positive(e)),
        "needs a high-risk NIPT",
      );
    case "PS-LOW-01":
      return ok(
        values(ev, "nt").every((x) => x < 3.5) && values(ev, "nt").length > 0 && ev.some((e) => isName(e, "nipt") && !positive(e)),
        "needs normal NT and low-risk NIPT",
      );
    case "MP-CHOR-DC":
    case "MP-DEL-DC":
      return ok(any(scans(ev), DICHORIONIC), "needs a dichorionic twin scan");
    case "MP-CHOR-MC":
    case "MP-DEL-MC":
      return ok(any(scans(ev), MONOCHORIONIC), "needs a monochorionic twin scan");
    case "PC-NT-01":
      return ok(ga < wk(11, 3) && values(ev, "crl").length > 0, "needs a dating scan before 11+3 weeks");
    case "PC-ANAT-01":
      return ok(ga >= wk(15) && ga < wk(20) && ev.some((e) => isName(e, "usNt")), "needs 15–20 weeks after the NT scan");
    case "PC-OGTT-01":
      return ok(ga < wk(24) && values(ev, "fpg").some((x) => x < 5.1), "needs normal booking glucose before 24 weeks");
    case "PC-RH-01":
      return ok(
        ev.some((e) => ["Negative", "阴性"].includes(String(item(e, "rhd")))),
        "needs RhD negative",
      );
    case "PC-TERM-01":
      return ok(ga >= wk(40) && ga < wk(41) && ev.some((e) => isName(e, "nst")), "needs 40 weeks with a fetal assessment");
    case "PC-POST-01":
      return ok(ga >= wk(41) && ev.some((e) => isName(e, "nst")), "needs 41 weeks with a fetal assessment");
    default:
      return `no check for ${inst.rule_id}`;
  }
}
