import { expect, test } from "vitest";
import { locateLines, syntaxErrorLine } from "./json-locate";

const TEXT = `{
  "patients": [
    {"patient_id": "P1", "events": []},
    {
      "patient_id": "P2",
      "note": "a \\"quoted\\" [bracket] {brace}",
      "events": [
        {"event_id": "E1"},
        {"event_id": "E2",
         "time": "bad"}
      ]
    }
  ]
}`;

test("maps record paths to the line where the value starts", () => {
  const lines = locateLines(TEXT, [
    "patients[1].events[1].time",
    "patients[1].events[0]",
    "patients[0].patient_id",
    "patients[1].missing",
    "(json)",
  ]);
  expect(lines.get("patients[1].events[1].time")).toBe(10);
  expect(lines.get("patients[1].events[0]")).toBe(8);
  expect(lines.get("patients[0].patient_id")).toBe(3);
  expect(lines.get("patients[1].missing")).toBe(4); // falls back to the enclosing record
});

test("syntax error line from the JSON.parse message", () => {
  const bad = '{\n  "a": 1,\n  "b": \n}';
  let message = "";
  try {
    JSON.parse(bad);
  } catch (e) {
    message = (e as Error).message;
  }
  expect(syntaxErrorLine(bad, message)).toBe(4);
});

test("syntax error line for other V8 message shapes", () => {
  const cases: [string, number][] = [
    ['{"a": 1,\n "b": [1, 2,\n 3}\n', 3],
    ['{\n  "name": "x",\n  "a": tru\n}', 3],
    ['{\n"a": 1\n', 3],
    ['{"a": 1}\n\nx', 3],
  ];
  for (const [bad, line] of cases) {
    let message = "";
    try {
      JSON.parse(bad);
    } catch (e) {
      message = (e as Error).message;
    }
    expect([message, syntaxErrorLine(bad, message)]).toEqual([message, line]);
  }
});
