import { expect, test } from "vitest";
import { CANONICAL_HEADERS, canonicalHeader, sectionBody, splitSections } from "./sections";

const TEXT = [
  "Name: ___  Unit No: ___",
  "Allergies: ",
  "Penicillins",
  "",
  "Chief Complaint:",
  "fever",
  "",
  "Major Surgical or Invasive Procedure:",
  "None",
  "Physical exam on admission: see below", // not a header: "Physical exam" is not followed by a colon
  "BRIEF HOSPITAL COURSE:",
  "Treated. Discharge Medications: see list", // mid-line: not a header
  "  Follow-up Instructions:",
  "___",
].join("\n");

test("splits at canonical headers at line starts, with offsets into the text", () => {
  const s = splitSections(TEXT);
  expect(s.map((x) => [x.title, x.rawTitle])).toEqual([
    ["Allergies", "Allergies:"],
    ["Chief Complaint", "Chief Complaint:"],
    ["Major Surgical or Invasive Procedure", "Major Surgical or Invasive Procedure:"],
    ["Brief Hospital Course", "BRIEF HOSPITAL COURSE:"],
    ["Followup Instructions", "Follow-up Instructions:"],
  ]);
  for (const sec of s) expect(TEXT.slice(sec.start, sec.start + sec.rawTitle.length)).toBe(sec.rawTitle);
  expect(s.map((x) => sectionBody(TEXT, x))).toEqual([
    "Penicillins",
    "fever",
    "None\nPhysical exam on admission: see below",
    "Treated. Discharge Medications: see list",
    "___",
  ]);
  // end excludes the blank lines before the next header
  expect(TEXT.slice(s[0]!.start, s[0]!.end)).toBe("Allergies: \nPenicillins");
});

test("every canonical header is recognized, with or without colon at line end", () => {
  const text = CANONICAL_HEADERS.map((h) => `${h}:\nbody`).join("\n") + "\nSocial History\nlives alone";
  const s = splitSections(text);
  expect(s.map((x) => x.title)).toEqual([...CANONICAL_HEADERS, "Social History"]);
  expect(canonicalHeader("discharge  medications")).toBe("Discharge Medications");
  expect(canonicalHeader("Labs")).toBeUndefined();
});
