/**
 * Synthetic model predictions for a benchmark (deterministic by seed), so the results page
 * and `clinaudit evaluate` have something realistic to show before real runs exist.
 *
 * A probit model: a prediction is correct when
 *   skill(model) + effect(scope) + patient + item − later-decision-point penalty + noise > 0,
 * with a patient effect shared by all the patient's items (cases cluster by patient), an
 * item difficulty shared by all models and scopes, and noise partly shared by a model's
 * scopes on one item (so scopes compared on the same cases are correlated, as real runs
 * are). Later decision points are harder. For conversations, source turns are harder, a
 * QA after a wrong content answer is harder (the cascade), and more notes are harder.
 * A wrong prediction picks one of the wrong options uniformly.
 */
import { csvText, type CsvValue } from "@/lib/csv";
import type { EvalDataset } from "@/lib/evaluation/eval-dataset";
import { Rng, type SynthSeed } from "./random";

export interface SyntheticModel {
  name: string;
  skill: number;
}
export interface SyntheticScope {
  name: string;
  effect: number;
}
export interface PredictionProfile {
  models: SyntheticModel[];
  scopes: SyntheticScope[];
}

/** Fictional models (named so nobody mistakes them for published results). */
const MODELS: SyntheticModel[] = [
  { name: "Synthetic-L", skill: 0.9 },
  { name: "Synthetic-M", skill: 0.35 },
  { name: "Synthetic-S", skill: -0.25 },
];

export const DECISION_POINT_PROFILE: PredictionProfile = {
  models: MODELS,
  scopes: [
    { name: "Evidence-only", effect: 0.9 },
    { name: "Visit-level", effect: 0.15 },
    { name: "History-level", effect: 0 },
    { name: "Static RAG", effect: 0.3 },
    { name: "Agent", effect: 0.55 },
  ],
};

export const CONVERSATION_PROFILE: PredictionProfile = {
  models: MODELS,
  scopes: [
    { name: "All notes", effect: 0.6 },
    { name: "Static RAG", effect: 0.85 },
    { name: "Agent", effect: 1.05 },
  ],
};

const DP_PENALTY = 0.45;
const SOURCE_PENALTY = 0.4;
const CASCADE_PENALTY = 0.6;
const NOTE_PENALTY = 0.12;

export interface SyntheticPredictionOptions {
  seed: SynthSeed;
  profile?: PredictionProfile;
}

function wrongOption(rng: Rng, options: readonly string[], gold: string): string {
  const wrong = options.filter((o) => o !== gold);
  return wrong.length === 0 ? gold : rng.pick(wrong);
}

/** The predictions as CSV text ("\n" line endings): model,scope,item_id[,turn],prediction. */
export function syntheticPredictionsCsv(dataset: EvalDataset, options: SyntheticPredictionOptions): string {
  const conversations = dataset.family === "notes-chatqa";
  const profile = options.profile ?? (conversations ? CONVERSATION_PROFILE : DECISION_POINT_PROFILE);
  const root = new Rng(`clinaudit-predictions/v1/${String(options.seed)}`);
  const patient = new Map<string, number>();
  const patientEffect = (id: string) => {
    if (!patient.has(id)) patient.set(id, root.fork(`patient/${id}`).normal(0, 0.7));
    return patient.get(id) as number;
  };
  const lines: CsvValue[][] = [
    conversations ? ["model", "scope", "item_id", "turn", "prediction"] : ["model", "scope", "item_id", "prediction"],
  ];
  for (const model of profile.models) {
    for (const scope of profile.scopes) {
      for (const item of dataset.items) {
        const base = model.skill + scope.effect + patientEffect(item.patientId);
        // One answer: the shared parts depend on (item) and (model, item), the rest on the scope too.
        const answer = (turnKey: string, penalty: number, options: readonly string[], gold: string): string => {
          const difficulty = root.fork(`item/${item.id}/${turnKey}`).normal(0, 0.8);
          const shared = root.fork(`model/${model.name}/${item.id}/${turnKey}`).normal(0, 0.8);
          const own = root.fork(`pair/${model.name}/${scope.name}/${item.id}/${turnKey}`);
          const correct = base - difficulty - penalty + shared + own.normal(0, 0.6) > 0;
          return correct ? gold : wrongOption(own, options, gold);
        };
        if (item.kind === "mcq") {
          const penalty = DP_PENALTY * Math.max(0, item.decisionPoint - 1);
          lines.push([model.name, scope.name, item.id, answer("", penalty, item.options, item.gold)]);
          continue;
        }
        // The cascade: every turn of a QA is harder when the previous QA's content answer was wrong.
        const contentWrong = new Map<number, boolean>();
        const indices = [...new Set(item.turns.map((t) => t.turnIndex))].sort((a, b) => a - b);
        for (const turn of [...item.turns].sort((a, b) => a.turnOrder - b.turnOrder)) {
          const previous = indices[indices.indexOf(turn.turnIndex) - 1];
          const cascade = previous !== undefined && contentWrong.get(previous) === true;
          const penalty =
            NOTE_PENALTY * Math.max(0, item.numNotes - 1) +
            (turn.turnType === "source" ? SOURCE_PENALTY : 0) +
            (cascade ? CASCADE_PENALTY : 0);
          const choice = answer(String(turn.turnOrder), penalty, turn.options, turn.gold);
          if (turn.turnType === "content") contentWrong.set(turn.turnIndex, choice !== turn.gold);
          lines.push([model.name, scope.name, item.id, turn.turnOrder, choice]);
        }
      }
    }
  }
  return csvText(lines);
}
