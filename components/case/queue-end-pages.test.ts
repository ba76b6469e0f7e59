import { describe, expect, it } from "vitest";
import { LINKS_PAGE, queueEndPages } from "./queue-end-pages";

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("queueEndPages", () => {
  it("shows a page of each list, each by its own parameter", () => {
    const lists = { unrated: range(3), flagged: range(2 * LINKS_PAGE + 5), commented: range(LINKS_PAGE + 1) };
    const [unrated, flagged, commented] = queueEndPages(lists, { flagged: "3", commented: "2" });
    expect(unrated!.shown).toEqual({ rows: [1, 2, 3], page: 1 });
    expect(flagged!.shown.page).toBe(3);
    expect(flagged!.shown.rows).toEqual([
      2 * LINKS_PAGE + 1,
      2 * LINKS_PAGE + 2,
      2 * LINKS_PAGE + 3,
      2 * LINKS_PAGE + 4,
      2 * LINKS_PAGE + 5,
    ]);
    expect(flagged!.items).toHaveLength(2 * LINKS_PAGE + 5);
    expect(commented!.shown.rows).toEqual([LINKS_PAGE + 1]);
  });

  it("reads a page past the end as the last, and nonsense as the first", () => {
    const lists = { unrated: [], flagged: range(LINKS_PAGE + 1), commented: range(5) };
    const [, flagged, commented] = queueEndPages(lists, { flagged: "99", commented: "x" });
    expect(flagged!.shown.page).toBe(2);
    expect(commented!.shown.rows).toEqual(range(5));
  });
});
