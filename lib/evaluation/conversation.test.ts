import { describe, expect, it } from "vitest";
import { conversationAccuracy, type ConversationTurn } from "./conversation";
import { EvaluationInputError } from "./errors";

/** One QA = its content and source turns. */
function qa(
  sampleId: string,
  patientId: string,
  turnIndex: number,
  content: boolean,
  source: boolean,
  numNotes: number,
): ConversationTurn[] {
  return [
    { sampleId, patientId, turnIndex, turnType: "content", correct: content, numNotes },
    { sampleId, patientId, turnIndex, turnType: "source", correct: source, numNotes },
  ];
}

// S1 (P1, 2 notes): (T,T) (F,T) (T,F)   S2 (P1, 3 notes, turn indices 0 and 5): (T,T) (T,T)
// S3 (P2, 2 notes): (T,F)
const turns = [
  ...qa("S2", "P1", 5, true, true, 3),
  ...qa("S1", "P1", 2, false, true, 2),
  ...qa("S3", "P2", 1, true, false, 2),
  ...qa("S1", "P1", 3, true, false, 2),
  ...qa("S2", "P1", 0, true, true, 3),
  ...qa("S1", "P1", 1, true, true, 2),
].reverse();

describe("conversation metrics (hand-computed example)", () => {
  const r = conversationAccuracy(turns);

  it("sizes", () => {
    expect(r).toMatchObject({ samples: 3, patients: 2, qaPairs: 6 });
  });

  it("QA-level (micro) accuracy", () => {
    expect(r.content.qa).toEqual({ correct: 5, total: 6, accuracy: 5 / 6 });
    expect(r.source.qa).toEqual({ correct: 4, total: 6, accuracy: 4 / 6 });
    expect(r.paired.qa).toEqual({ correct: 3, total: 6, accuracy: 3 / 6 });
  });

  it("sample-level mean (macro) and all-correct", () => {
    expect(r.content.sampleMean).toBeCloseTo((2 / 3 + 1 + 1) / 3, 15);
    expect(r.source.sampleMean).toBeCloseTo((2 / 3 + 1 + 0) / 3, 15);
    expect(r.paired.sampleMean).toBeCloseTo((1 / 3 + 1 + 0) / 3, 15);
    expect(r.content.sampleAllCorrect).toBeCloseTo(2 / 3, 15);
    expect(r.source.sampleAllCorrect).toBeCloseTo(1 / 3, 15);
    expect(r.paired.sampleAllCorrect).toBeCloseTo(1 / 3, 15);
  });

  it("cascade: accuracy after a correct vs an incorrect previous content turn", () => {
    // After correct: S1 turn 2 (F,T), S2 turn 5 (T,T). After incorrect: S1 turn 3 (T,F).
    expect(r.cascade.firstQas).toBe(3);
    expect(r.cascade.afterCorrect.content).toEqual({ correct: 1, total: 2, accuracy: 0.5 });
    expect(r.cascade.afterCorrect.source).toEqual({ correct: 2, total: 2, accuracy: 1 });
    expect(r.cascade.afterCorrect.paired).toEqual({ correct: 1, total: 2, accuracy: 0.5 });
    expect(r.cascade.afterIncorrect.content).toEqual({ correct: 1, total: 1, accuracy: 1 });
    expect(r.cascade.afterIncorrect.paired).toEqual({ correct: 0, total: 1, accuracy: 0 });
    expect(r.cascade.gap).toEqual({ content: -0.5, source: 1, paired: 0.5 });
  });

  it("accuracy by number of notes", () => {
    expect(r.byNumNotes).toEqual([
      {
        numNotes: 2,
        samples: 2,
        content: { correct: 3, total: 4, accuracy: 0.75 },
        source: { correct: 2, total: 4, accuracy: 0.5 },
        paired: { correct: 1, total: 4, accuracy: 0.25 },
      },
      {
        numNotes: 3,
        samples: 1,
        content: { correct: 2, total: 2, accuracy: 1 },
        source: { correct: 2, total: 2, accuracy: 1 },
        paired: { correct: 2, total: 2, accuracy: 1 },
      },
    ]);
  });

  it("an empty cascade side gives a null gap, not NaN", () => {
    const allRight = conversationAccuracy([...qa("A", "p", 1, true, true, 1), ...qa("A", "p", 2, true, false, 1)]);
    expect(allRight.cascade.afterIncorrect.content).toEqual({ correct: 0, total: 0, accuracy: null });
    expect(allRight.cascade.gap).toEqual({ content: null, source: null, paired: null });
  });
});

describe("conversation input errors", () => {
  const code = (t: ConversationTurn[]) => {
    try {
      conversationAccuracy(t);
    } catch (e) {
      expect(e).toBeInstanceOf(EvaluationInputError);
      return (e as EvaluationInputError).code;
    }
    return "no error";
  };
  const [content, source] = qa("S", "P", 1, true, true, 2) as [ConversationTurn, ConversationTurn];

  it("rejects empty input, unpaired, duplicate and inconsistent turns", () => {
    expect(code([])).toBe("EMPTY_INPUT");
    expect(code([content])).toBe("INVALID_TURN");
    expect(code([source])).toBe("INVALID_TURN");
    expect(code([content, source, content])).toBe("INVALID_TURN");
    expect(code([content, { ...source, patientId: "Q" }])).toBe("INVALID_TURN");
    expect(code([content, { ...source, numNotes: 3 }])).toBe("INVALID_TURN");
    expect(code([content, { ...source, turnType: "other" as "source" }])).toBe("INVALID_TURN");
    expect(code([content, source])).toBe("no error");
  });
});
