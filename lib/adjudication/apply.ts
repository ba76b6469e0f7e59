// Applying accepted corrections to benchmark items, and the change log that records them. Pure.
import type { Item, McqItem, NormalizedDataset } from "../formats";
import { itemKey } from "../formats";

/** A correction as applied by the adjudicator (accepted as proposed, or edited). */
export type AppliedChange =
  | { kind: "STEM"; question: string }
  | { kind: "GOLD"; answer: string }
  | { kind: "DISTRACTOR"; label: string; text: string }
  | { kind: "EVIDENCE"; evidenceEventIds: string[] }
  | { kind: "REMOVE" };

export interface ChangeRecord {
  item: string;
  change: AppliedChange;
  before: unknown;
  after: unknown;
  proposedBy: string;
  decidedBy: string;
  decision: "ACCEPTED" | "EDITED";
  rationale: string;
  proposalRationale: string;
}

export class CorrectionError extends Error {
  override name = "CorrectionError";
}

/** The item after one change; throws when the change does not fit the item. */
export function applyChange(item: Item, change: AppliedChange): { item: Item; before: unknown; after: unknown } {
  if (change.kind === "REMOVE") return { item, before: null, after: null };
  if (item.kind !== "mcq") throw new CorrectionError(`${itemKey(item)}: only removal is supported for conversation items`);
  const mcq: McqItem = structuredClone(item);
  switch (change.kind) {
    case "STEM":
      if (!change.question.trim()) throw new CorrectionError(`${mcq.instanceId}: the new question is empty`);
      mcq.question = change.question;
      return { item: mcq, before: item.question, after: mcq.question };
    case "GOLD":
      if (!mcq.options.some((o) => o.label === change.answer)) throw new CorrectionError(`${mcq.instanceId}: "${change.answer}" is not an option label`);
      mcq.answer = change.answer;
      return { item: mcq, before: item.answer, after: mcq.answer };
    case "DISTRACTOR": {
      const option = mcq.options.find((o) => o.label === change.label);
      if (!option) throw new CorrectionError(`${mcq.instanceId}: no option "${change.label}"`);
      const before = option.text;
      option.text = change.text;
      return { item: mcq, before: { label: change.label, text: before }, after: { label: change.label, text: change.text } };
    }
    case "EVIDENCE":
      if (change.evidenceEventIds.length === 0) throw new CorrectionError(`${mcq.instanceId}: evidence cannot be empty`);
      mcq.evidenceEventIds = change.evidenceEventIds;
      return { item: mcq, before: item.evidenceEventIds, after: mcq.evidenceEventIds };
  }
}

/**
 * The corrected dataset: every change applied in order, removed items dropped; everything
 * else exactly as imported. Returns the change log entries in the order applied.
 */
export function correctDataset(
  dataset: NormalizedDataset,
  decisions: (Omit<ChangeRecord, "before" | "after">)[],
): { dataset: NormalizedDataset; changes: ChangeRecord[]; removed: string[] } {
  const byItem = new Map<string, typeof decisions>();
  for (const d of decisions) byItem.set(d.item, [...(byItem.get(d.item) ?? []), d]);
  const changes: ChangeRecord[] = [];
  const removed: string[] = [];
  const items: Item[] = [];
  for (const original of dataset.items) {
    const key = itemKey(original);
    let item = original;
    let drop = false;
    for (const d of byItem.get(key) ?? []) {
      const result = applyChange(item, d.change);
      item = result.item;
      if (d.change.kind === "REMOVE") drop = true;
      changes.push({ ...d, before: result.before, after: result.after });
    }
    if (drop) removed.push(key);
    else items.push(item);
  }
  const unknown = [...byItem.keys()].filter((k) => !dataset.items.some((i) => itemKey(i) === k));
  if (unknown.length) throw new CorrectionError(`corrections name items the dataset does not have: ${unknown.join(", ")}`);
  return { dataset: { ...dataset, items }, changes, removed };
}

/** The change log for people: one line per change, who proposed, who decided and why. */
export function changeLogMarkdown(title: string, changes: ChangeRecord[], removed: string[]): string {
  const lines = [`# Change log: ${title}`, "", `${changes.length} change(s); ${removed.length} item(s) removed.`, ""];
  const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
  for (const c of changes) {
    const what =
      c.change.kind === "REMOVE"
        ? "removed from the benchmark"
        : `${c.change.kind.toLowerCase()}: ${show(c.before)} → ${show(c.after)}`;
    lines.push(`- **${c.item}** — ${what}. Proposed by ${c.proposedBy} (“${c.proposalRationale}”); ${c.decision.toLowerCase()} by ${c.decidedBy}: “${c.rationale}”.`);
  }
  return lines.join("\n") + "\n";
}
