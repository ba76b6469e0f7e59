// The comments table renders one page of the filtered comments on the server: a full review's
// thousands of comments never reach the browser at once (they did, as a client component's props).
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { CommentRow } from "@/lib/reports/comments";
import { withIntl } from "@/tests/support/intl";
import { CommentsTable, commentFilters, filterComments } from "./comments-table";

vi.mock("@/lib/i18n/server", async () => (await import("@/tests/support/intl")).providerHooks());

const DIMENSIONS = [
  {
    key: "gold",
    label: "Gold",
    categories: [
      { key: "correct", label: "Correct" },
      { key: "incorrect", label: "Incorrect" },
    ],
  },
];
const rows: CommentRow[] = Array.from({ length: 120 }, (_, i) => ({
  itemId: `a${i}`,
  externalId: `ITEM-${String(i).padStart(3, "0")}`,
  sampleOrder: i,
  rater: `R${(i % 3) + 1}`,
  text: `comment number ${i}`,
  savedAt: null,
  ratings: { gold: i % 2 ? "incorrect" : "correct" },
}));

const render = (search: Record<string, string>) =>
  renderToString(
    withIntl(
      <CommentsTable
        rows={rows}
        dimensions={DIMENSIONS}
        itemPath="/audits/x/items/"
        path="/audits/x/dashboard"
        search={search}
        pageHref={(p) => `/audits/x/dashboard?c_page=${p}`}
      />,
      "en",
    ),
  );

describe("the comments table", () => {
  it("filters by item, rater and category", () => {
    expect(filterComments(rows, commentFilters({ c_item: "item-01" }))).toHaveLength(10);
    expect(filterComments(rows, commentFilters({ c_rater: "R2" }))).toHaveLength(40);
    const incorrectByR1 = filterComments(rows, commentFilters({ c_rater: "R1", c_cat: "gold|incorrect" }));
    expect(incorrectByR1.map((r) => r.externalId).slice(0, 2)).toEqual(["ITEM-003", "ITEM-009"]);
    expect(filterComments(rows, commentFilters({ c_cat: "nonsense" }))).toHaveLength(120);
  });

  it("renders one page of 25, with the filters in a GET form that keeps the page's other parameters", () => {
    const first = render({ turn: "3" });
    expect(first.match(/comment number \d+/g)).toHaveLength(25);
    expect(first).toContain("comment number 24");
    expect(first).not.toContain("comment number 25<");
    expect(first).toMatch(/<input type="hidden" name="turn" value="3"\/>/);
    const second = render({ c_page: "3", c_rater: "R1" });
    // 40 comments by R1: page 3 of 25 is past the end, so the last page (the second, 15) shows.
    expect(second.match(/comment number \d+/g)).toHaveLength(15);
    expect(second).not.toMatch(/<input type="hidden" name="c_/);
    expect(render({ c_page: "3" }).match(/comment number \d+/g)).toHaveLength(25);
    expect(render({ c_page: "5" }).match(/comment number \d+/g)).toHaveLength(20);
  });
});

describe("the comments table of a conversation audit", () => {
  it("lists each comment's ratings in one cell when there are many per-turn dimensions", () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ ...DIMENSIONS[0]!, key: `gold@t${i + 1}`, label: `Gold, turn ${i + 1}` }));
    const html = renderToString(
      withIntl(
        <CommentsTable
          rows={[{ ...rows[0]!, ratings: { "gold@t2": "incorrect" } }]}
          dimensions={many}
          itemPath="/i/"
          path="/d"
          search={{}}
          pageHref={() => "/d"}
        />,
        "en",
      ),
    );
    expect(html).toContain("Their ratings");
    expect(html).toContain(">Gold, turn 2: Incorrect</td>");
    // The unrated turn is not listed in the cell (it stays among the filter's options).
    expect(html).not.toMatch(/<td[^>]*>[^<]*Gold, turn 1:/);
  });
});
