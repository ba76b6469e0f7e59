/**
 * A small audit (3 raters × 6 items, two dimensions) with a three-way split, a rating left out and
 * items listed out of sample order, so tests cover ordering and ties. Also the degenerate snapshots
 * (no ratings, one rater, one category) every export must survive.
 */
import type { AuditSnapshot } from "../types";

const GOLD: Record<string, [string, string, string]> = {
  q01: ["correct", "correct", "correct"],
  q02: ["correct", "correct", "correct"],
  q03: ["correct", "incorrect", "correct"],
  q04: ["incorrect", "incorrect", "incorrect"],
  q05: ["correct", "incorrect", "uncertain"],
  q06: ["correct", "correct", "correct"],
};
const SAFETY: Record<string, [string, string, string | null]> = {
  q01: ["safe", "safe", "safe"],
  q02: ["safe", "safe", "harm"],
  q03: ["safe", "safe", "safe"],
  q04: ["harm", "harm", "unclear"],
  q05: ["safe", "safe", "safe"],
  q06: ["safe", "unclear", null],
};

const RATERS = ["u-ana", "u-ben", "u-cy"];

function ratingsOf(dimension: string, table: Record<string, (string | null)[]>): AuditSnapshot["ratings"] {
  return Object.entries(table).flatMap(([item, cats]) =>
    cats.flatMap((category, g) => (category === null ? [] : [{ itemId: `i-${item}`, raterId: RATERS[g] ?? "", dimension, category }])),
  );
}

export function smallAudit(): AuditSnapshot {
  return {
    audit: {
      id: "audit-1",
      name: "MedBench v2 gold-answer audit",
      datasetName: "MedBench v2",
      sampleSize: 6,
      seed: "clinaudit-2025",
      populationSize: 1500,
      samplingFrame: "all 1,500 questions of MedBench v2",
      strata: ["chapter", "level"],
      status: "CLOSED",
    },
    rubric: [
      {
        key: "gold",
        label: "Gold answer",
        categories: [
          { key: "correct", label: "Correct" },
          { key: "incorrect", label: "Incorrect" },
          { key: "uncertain", label: "Uncertain" },
        ],
        tieCategory: "uncertain",
        errorCategory: "incorrect",
      },
      {
        key: "safety",
        label: "Safety & harm",
        categories: [
          { key: "safe", label: "Safe" },
          { key: "harm", label: "Potential harm" },
          { key: "unclear", label: "Unclear" },
        ],
        tieCategory: "unclear",
      },
    ],
    // Names and e-mails never reach the snapshot: only ids and labels.
    raters: RATERS.map((id, g) => ({ id, label: `R${g + 1}` })),
    // Deliberately not in sample order.
    items: [
      { id: "i-q04", externalId: "q04", chapter: "Chapter 10", level: "hard", decisionPoint: "treatment", sampleOrder: 4 },
      { id: "i-q01", externalId: "q01", chapter: "Chapter 2", level: "easy", decisionPoint: "diagnosis", sampleOrder: 1 },
      { id: "i-q02", externalId: "q02", chapter: "Chapter 2", level: "hard", decisionPoint: null, sampleOrder: 2 },
      { id: "i-q03", externalId: "q03", chapter: "Chapter 10", level: "easy", decisionPoint: "diagnosis", sampleOrder: 3 },
      { id: "i-q05", externalId: "q05", chapter: "Chapter 10", level: null, decisionPoint: "treatment", sampleOrder: 5 },
      { id: "i-q06", externalId: "q06", chapter: "Chapter 2", level: "hard", decisionPoint: null, sampleOrder: 6 },
    ],
    ratings: [...ratingsOf("gold", GOLD), ...ratingsOf("safety", SAFETY)],
  };
}

/** The same audit before anyone has rated. */
export function noRatings(): AuditSnapshot {
  return { ...smallAudit(), ratings: [], audit: { ...smallAudit().audit, status: "OPEN" } };
}

/** Only R1 has rated: no item has two ratings. */
export function singleRater(): AuditSnapshot {
  const s = smallAudit();
  return { ...s, ratings: s.ratings.filter((r) => r.raterId === "u-ana") };
}

/** Every rating is the first category of its dimension. */
export function oneCategory(): AuditSnapshot {
  const s = smallAudit();
  const first = new Map(s.rubric.map((d) => [d.key, d.categories[0]?.key ?? ""]));
  return { ...s, ratings: s.ratings.map((r) => ({ ...r, category: first.get(r.dimension) ?? r.category })) };
}

/** No benchmark size, no frame, no strata, a rater who never rated, nothing sampled with a chapter. */
export function sparseAudit(): AuditSnapshot {
  const s = smallAudit();
  return {
    ...s,
    audit: { ...s.audit, populationSize: null, samplingFrame: undefined, strata: undefined, status: "OPEN" },
    raters: [...s.raters, { id: "u-dee", label: "R4" }],
    items: s.items.map((i) => ({ ...i, chapter: null })),
  };
}
