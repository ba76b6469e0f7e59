/**
 * Hand-sized benchmarks for the prediction parser and the report tests: four patients with
 * six decision-point items (P1 and P2 have two decision points), and two conversations.
 */
import type { EvalDataset } from "../eval-dataset";
import type { PredictionSetInput } from "../report-types";

const ABCD = ["A", "B", "C", "D"];

export function smallMcqDataset(): EvalDataset {
  const item = (id: string, patientId: string, gold: string, chapter: string, level: string, decisionPoint: number) =>
    ({ kind: "mcq", id, patientId, options: ABCD, gold, chapter, level, decisionPoint }) as const;
  return {
    family: "ehr-decision-mcq",
    format: "ehr-decision-mcq-json",
    checksum: "c".repeat(64),
    name: "small",
    patients: 4,
    items: [
      item("I1", "P1", "A", "GDM", "L1", 1),
      item("I2", "P1", "B", "GDM", "L2", 2),
      item("I3", "P2", "C", "Anemia", "L1", 1),
      item("I4", "P2", "D", "Anemia", "L1", 2),
      item("I5", "P3", "A", "GDM", "L1", 1),
      item("I6", "P4", "B", "Anemia", "L2", 1),
    ],
  };
}

const ABCDE = ["A", "B", "C", "D", "E"];

export function smallConversationDataset(): EvalDataset {
  const turn = (turnOrder: number, turnIndex: number, turnType: "content" | "source", gold: string) => ({
    turnOrder,
    turnIndex,
    turnType,
    options: ABCDE,
    gold,
  });
  return {
    family: "notes-chatqa",
    format: "notes-chatqa-json",
    checksum: "d".repeat(64),
    name: "small-notes",
    patients: 2,
    items: [
      {
        kind: "conversation",
        id: "900001:labs",
        patientId: "900001",
        qaCategory: "labs",
        numNotes: 1,
        turns: [turn(1, 1, "content", "A"), turn(2, 1, "source", "B"), turn(3, 2, "content", "C"), turn(4, 2, "source", "D")],
      },
      {
        kind: "conversation",
        id: "900001:meds",
        patientId: "900001",
        qaCategory: "meds",
        numNotes: 1,
        turns: [turn(1, 1, "content", "E"), turn(2, 1, "source", "A")],
      },
      {
        kind: "conversation",
        id: "900002:labs",
        patientId: "900002",
        qaCategory: "labs",
        numNotes: 3,
        turns: [turn(1, 1, "content", "B"), turn(2, 1, "source", "B")],
      },
    ],
  };
}

/** One QA of 900002:labs: the content turn right (B), the source turn wrong (A). */
export function oneQaPredictions(): PredictionSetInput {
  return {
    checksum: "q",
    models: ["m"],
    scopes: ["s"],
    rows: [
      { model: "m", scope: "s", itemId: "900002:labs", turn: 1, option: "B" },
      { model: "m", scope: "s", itemId: "900002:labs", turn: 2, option: "A" },
    ],
  };
}
