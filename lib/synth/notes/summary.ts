/**
 * Builds one MIMIC-style discharge summary and records each canonical section's span
 * (start of "Header:" to the end of its body) so answers can be checked against sections.
 */
import type { Rng } from "../random";
import type { AdmissionType } from "./catalog";
import type { DischargeNote, Header, NoteSection } from "./types";

export interface AdmissionFacts {
  type: AdmissionType;
  age: number;
  sex: "F" | "M";
  comorbid: string[];
  homeMeds: string[];
  dischargeMeds: string[];
  disposition: string;
  activity: string;
  mental: string;
  allergy: string;
  followupDate: string;
}

function numbered(list: readonly string[]): string {
  return list.map((m, i) => `${i + 1}. ${m}`).join("\n");
}

export function buildNote(
  subjectId: number,
  noteNum: number,
  hadmId: number,
  chartdate: string,
  f: AdmissionFacts,
  rng: Rng,
): DischargeNote {
  const t = f.type;
  const title = f.sex === "F" ? "Ms." : "Mr.";
  const pron = f.sex === "F" ? "She" : "He";
  const t0 = (38 + rng.float(0, 1)).toFixed(1);
  const body: [Header, string][] = [
    ["Allergies", f.allergy],
    ["Chief Complaint", t.complaint],
    ["Major Surgical or Invasive Procedure", t.procedure],
    [
      "History of Present Illness",
      `${title} ___ is a ${f.age} year old with ${f.comorbid.join(", ").toLowerCase() || "no significant past history"} who ${t.hpi}. ${pron} also reports ${t.associated}. ${pron} denies recent travel or sick contacts.`,
    ],
    ["Past Medical History", f.comorbid.length ? f.comorbid.join("\n") : "None"],
    [
      "Social History",
      rng.pick([
        "Lives with spouse. Former smoker, quit 10 years ago. Occasional alcohol.",
        "Lives alone, independent in ADLs. Never smoker. No alcohol.",
        "Lives with daughter. Retired teacher. Denies tobacco or drug use.",
      ]),
    ],
    [
      "Family History",
      rng.pick([
        "Mother with hypertension; father died of MI at 70.",
        "Non-contributory.",
        "Sister with breast cancer; no family history of clotting disorders.",
      ]),
    ],
    [
      "Physical Exam",
      `ADMISSION: T ${t0} HR ${rng.int(80, 115)} BP ${rng.int(100, 150)}/${rng.int(60, 90)} RR ${rng.int(16, 24)} O2 ${rng.int(92, 99)}% RA\nGeneral: uncomfortable but in no acute distress\nPertinent: ${t.exam}\nDISCHARGE: afebrile, vital signs within normal limits, exam improved.`,
    ],
    [
      "Pertinent Results",
      `${t.results}.\nMICROBIOLOGY: ${t.organism ? `culture grew ${t.organism}, sensitivities reviewed.` : "cultures with no growth to date."}`,
    ],
    [
      "Brief Hospital Course",
      `${t.course}\nChronic issues: home regimen for ${f.comorbid.join(", ").toLowerCase() || "no chronic conditions"} managed as before.`,
    ],
    ["Medications on Admission", numbered(f.homeMeds) || "None"],
    ["Discharge Medications", numbered(f.dischargeMeds)],
    ["Discharge Disposition", f.disposition],
    ["Discharge Diagnosis", `Primary: ${t.diagnosis}\nSecondary: ${f.comorbid.join(", ") || "none"}`],
    ["Discharge Condition", `Mental Status: ${f.mental}.\nLevel of Consciousness: Alert and interactive.\nActivity Status: ${f.activity}.`],
    [
      "Discharge Instructions",
      `Dear ${title} ___,\nIt was a pleasure taking care of you. You were admitted for the problem described above and improved with treatment. Please take your medications as listed and return to the emergency department for fever, worsening pain or any new concerning symptoms.`,
    ],
    [
      "Followup Instructions",
      `Department: ${t.clinic}\nWhen: ${f.followupDate} at ${rng.int(8, 16)}:${rng.pick(["00", "15", "30", "45"])}`,
    ],
  ];
  let text = `Name:  ___                     Unit No:   ___\nAdmission ID: ${hadmId}\nChartdate: ${chartdate}\nSex:   ${f.sex}\nService: ${t.service}\n\n`;
  const sections: NoteSection[] = [];
  for (const [title_, content] of body) {
    const raw = `${title_}:`;
    const start = text.length;
    text += `${raw}\n${content}`;
    sections.push({ title: title_, raw_title: raw, start, end: text.length });
    text += "\n\n";
  }
  return {
    note_num: noteNum,
    note_id: `${subjectId}-DS-${noteNum}`,
    hadm_id: hadmId,
    note_seq: noteNum,
    chartdate,
    storetime: `${chartdate} ${String(rng.int(9, 18)).padStart(2, "0")}:${String(rng.int(0, 59)).padStart(2, "0")}:00`,
    text,
    sections,
  };
}

/** Text of one section, for checks that an answer really is in the named section. */
export function sectionText(note: DischargeNote, header: string): string {
  const s = note.sections.find((x) => x.title === header);
  return s ? note.text.slice(s.start, s.end) : "";
}
