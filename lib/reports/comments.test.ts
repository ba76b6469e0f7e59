import { describe, expect, it } from "vitest";
import { commentsCsv, type CommentRow } from "./comments";

const row = (o: Partial<CommentRow>): CommentRow => ({
  itemId: "i",
  externalId: "q01",
  sampleOrder: 1,
  rater: "R1",
  text: "ok",
  savedAt: "2026-12-01T10:00:00.000Z",
  ratings: { gold: "correct", question: null },
  ...o,
});

describe("commentsCsv", () => {
  it("lists comments in sample order then rater, with the rater's own ratings and RFC 4180 quoting", () => {
    const csv = commentsCsv(
      [
        row({ externalId: "q02", sampleOrder: 2, rater: "R10", text: "fine" }),
        row({
          externalId: "q02",
          sampleOrder: 2,
          rater: "R2",
          text: 'gold says "B", record says C,\nsee day 3',
          ratings: { gold: "incorrect", question: "clear" },
        }),
        row({ savedAt: null }),
      ],
      ["gold", "question"],
    );
    expect(csv).toBe(
      [
        "item,rater,saved_at,gold,question,comment",
        "q01,R1,,correct,,ok",
        'q02,R2,2026-12-01T10:00:00.000Z,incorrect,clear,"gold says ""B"", record says C,\nsee day 3"',
        "q02,R10,2026-12-01T10:00:00.000Z,correct,,fine",
      ].join("\n") + "\n",
    );
  });

  it("has a header only when nobody commented", () => {
    expect(commentsCsv([], ["gold"])).toBe("item,rater,saved_at,gold,comment\n");
  });
});
