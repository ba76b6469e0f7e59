import { describe, expect, it } from "vitest";
import { englishText } from "../errors";
import { ManualLinesError, parseManualLines } from "./assign";

describe("manual assignment lines", () => {
  const items = new Map([
    ["SYN-1", "ai1"],
    ["SYN-2", "ai2"],
  ]);
  const people = new Map([
    ["a@x.org", "u1"],
    ["b@x.org", "u2"],
  ]);
  it("reads pairs separated by commas, tabs or spaces, skipping blanks and comments", () => {
    expect(parseManualLines("SYN-1, a@x.org\n\n# note\nSYN-2\tB@x.org\nSYN-1 b@x.org", items, people)).toEqual({
      pairs: [
        { itemId: "ai1", clinicianId: "u1" },
        { itemId: "ai2", clinicianId: "u2" },
        { itemId: "ai1", clinicianId: "u2" },
      ],
      problems: [],
    });
  });
  it("reports every problem with its line", () => {
    const { problems } = parseManualLines("SYN-9, a@x.org\nSYN-1, z@x.org\nSYN-1\nSYN-2, a@x.org\nSYN-2,A@x.org", items, people);
    expect(problems.map(englishText)).toEqual([
      'line 1: item "SYN-9" is not in this audit\'s sample',
      'line 2: "z@x.org" is not an active clinician',
      'line 3: expected "item id, clinician email"',
      "line 5: repeats line 4",
    ]);
  });
});

describe("the manual-plan error", () => {
  const line = (n: number) => ({ key: "audits.errors.manualLine.format" as const, values: { line: n } });
  it("names the first ten problems in English, then how many more", () => {
    const error = new ManualLinesError(Array.from({ length: 12 }, (_, i) => line(i + 1)));
    expect(error.userMessage).toMatch(
      /^Nothing was assigned\. line 1: expected "item id, clinician email"; line 2: .*; line 10: [^;]*; and 2 more\.$/,
    );
    expect(new ManualLinesError([line(3)]).userMessage).toBe('Nothing was assigned. line 3: expected "item id, clinician email".');
  });
});
