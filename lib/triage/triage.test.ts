import { describe, expect, it } from "vitest";
import { csvQuery, rankedFor, triagePage } from "./table";
import { rankTriage, strataCounts, triageCsv, type TriageRow } from "./triage";

const row = (
  externalId: string,
  models: number | null,
  disagreeing: number | null,
  pError: number | null,
  stratum: TriageRow["stratum"] = "some",
): TriageRow => ({
  id: `a-${externalId}`,
  externalId,
  sampleOrder: Number(externalId.slice(1)),
  stratum,
  models,
  disagreeing,
  majority: pError === null ? null : pError > 0.5 ? "incorrect" : "correct",
  pError,
});

const ROWS = [
  row("q1", 3, 1, 0.2),
  row("q2", 3, 3, null, "most"),
  row("q3", 3, 0, 0.9, "none"),
  row("q4", null, null, 0.5, "unpredicted"),
  row("q5", 4, 1, 0.6),
  row("q6", 3, 3, 0.95, "most"),
  row("q7", 3, 1, 0.2),
];
const ids = (rows: TriageRow[]) => rows.map((r) => r.externalId);

describe("the triage ranking", () => {
  it("puts the most disagreement first, then the larger share, then P(error), then the id; unknowns last", () => {
    expect(ids(rankTriage(ROWS, { sort: "disagreement", desc: true }))).toEqual(["q6", "q2", "q1", "q7", "q5", "q3", "q4"]);
    // Ascending keeps the unknowns last too.
    expect(ids(rankTriage(ROWS, { sort: "disagreement", desc: false })).at(-1)).toBe("q4");
  });

  it("ranks by P(error) once rated, unrated items last, ties by disagreement", () => {
    expect(ids(rankTriage(ROWS, { sort: "pError", desc: true }))).toEqual(["q6", "q3", "q5", "q4", "q1", "q7", "q2"]);
    expect(ids(rankTriage(ROWS, { sort: "pError", desc: false }))).toEqual(["q1", "q7", "q4", "q5", "q3", "q6", "q2"]);
  });

  it("filters by stratum and by a piece of the id, and counts the strata in their order", () => {
    expect(ids(rankTriage(ROWS, { sort: "sampleOrder", desc: false, stratum: "most" }))).toEqual(["q2", "q6"]);
    expect(ids(rankTriage(ROWS, { sort: "sampleOrder", desc: true, search: "Q7" }))).toEqual(["q7"]);
    expect(strataCounts(ROWS)).toEqual([
      { value: "none", count: 1 },
      { value: "some", count: 3 },
      { value: "most", count: 2 },
      { value: "unpredicted", count: 1 },
    ]);
  });

  it("pages on the server with each row's rank in the whole list, the URL's default order first", () => {
    const params = { page: 2, pageSize: 3, filters: {} };
    expect(triagePage(ROWS, params)).toMatchObject({ total: 7, rows: [{ externalId: "q7", rank: 4 }, { rank: 5 }, { rank: 6 }] });
    expect(ids(rankedFor(ROWS, { ...params, filters: { stratum: "some" } }))).toEqual(["q1", "q7", "q5"]);
    expect(csvQuery({ page: "2", size: "50", sort: "-pError", stratum: "most", dimension: "gold" })).toBe(
      "sort=-pError&stratum=most&dimension=gold",
    );
  });

  it("writes the list as CSV in the order given, blanks for unknowns", () => {
    const csv = triageCsv(rankTriage(ROWS, { sort: "disagreement", desc: true }).slice(0, 2));
    expect(csv.trim().split(/\r?\n/)).toEqual([
      "rank,item,sample_order,stratum,models,models_disagreeing,majority,p_error",
      "1,q6,6,most,3,3,incorrect,0.95",
      "2,q2,2,most,3,3,,",
    ]);
  });
});
