import { expect, test } from "vitest";
import { parseSourceOption, sourceKey } from "./source-option";

test("single note with several headers", () => {
  expect(parseSourceOption("Note #1 Chartdate: 2150-03-02 Headers: Brief Hospital Course, Discharge Medications")).toEqual([
    { noteNum: 1, chartdate: "2150-03-02", headers: ["Brief Hospital Course", "Discharge Medications"] },
  ]);
});

test("several notes: separated by ';', by newlines, or just repeated", () => {
  const expected = [
    { noteNum: 1, chartdate: "2150-03-02", headers: ["Chief Complaint", "Major Surgical or Invasive Procedure"] },
    { noteNum: 2, chartdate: "2150-06-10", headers: ["Discharge Diagnosis"] },
  ];
  const a =
    "Note #1 Chartdate: 2150-03-02 Headers: Chief Complaint, Major Surgical or Invasive Procedure; Note #2 Chartdate: 2150-06-10 Headers: Discharge Diagnosis";
  const b =
    "Note #1 Chartdate: 2150-03-02 Headers: Chief Complaint, Major Surgical or Invasive Procedure\nNote #2 Chartdate: 2150-06-10 Headers: Discharge Diagnosis";
  const c =
    "Note #1 Chartdate: 2150-03-02 Headers: Chief Complaint, Major Surgical or Invasive Procedure Note #2 Chartdate: 2150-06-10 Headers: Discharge Diagnosis";
  for (const s of [a, b, c]) expect(parseSourceOption(s)).toEqual(expected);
});

test("headers are canonicalized when known and kept when not; no chartdate is fine", () => {
  expect(parseSourceOption("note # 3 headers: FOLLOW-UP INSTRUCTIONS and Discharge condition, Labs")).toEqual([
    { noteNum: 3, headers: ["Followup Instructions", "Discharge Condition", "Labs"] },
  ]);
  expect(parseSourceOption("Escherichia coli")).toEqual([]);
});

test("sourceKey ignores order and case", () => {
  expect(sourceKey([{ noteNum: 1, headers: ["A", "B"] }])).toBe(sourceKey([{ noteNum: 1, headers: ["b", "a"] }]));
  expect(sourceKey([{ noteNum: 1, headers: ["A"] }])).not.toBe(sourceKey([{ noteNum: 2, headers: ["A"] }]));
});
