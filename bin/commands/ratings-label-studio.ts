/**
 * Label Studio's JSON export for `clinaudit agreement`: an array of tasks, each with its
 * `annotations`; every `choices` result is one rating — item = task id, rater = `completed_by` (a
 * user id, or in newer exports an object with id and email), dimension = the control's `from_name`,
 * category = the one chosen label. Cancelled (skipped) annotations are not ratings.
 */
import { CsvLineError, type RatingRow } from "./csv-ratings";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function raterOf(by: unknown): string | null {
  if (typeof by === "number" || typeof by === "string") return String(by);
  if (isObject(by)) {
    const id = by.email ?? by.id;
    return typeof id === "string" || typeof id === "number" ? String(id) : null;
  }
  return null;
}

export function labelStudioRows(text: string): { rows: RatingRow[]; notes: string[] } {
  let tasks: unknown;
  try {
    tasks = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (e) {
    throw new CsvLineError(1, null, `not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!Array.isArray(tasks)) throw new CsvLineError("(root)", null, "expected Label Studio's JSON export: an array of tasks");
  const rows: RatingRow[] = [];
  let cancelled = 0;
  let otherResults = 0;
  tasks.forEach((task, t) => {
    const at = `[${t}]`;
    if (!isObject(task)) throw new CsvLineError(at, null, "a task must be an object");
    if (typeof task.id !== "number" && typeof task.id !== "string") throw new CsvLineError(at, "id", "missing task id");
    const annotations = task.annotations ?? [];
    if (!Array.isArray(annotations)) throw new CsvLineError(at, "annotations", "must be an array");
    annotations.forEach((a, n) => {
      const where = `${at}.annotations[${n}]`;
      if (!isObject(a)) throw new CsvLineError(where, null, "an annotation must be an object");
      if (a.was_cancelled === true) return void cancelled++;
      const rater = raterOf(a.completed_by);
      if (rater === null) throw new CsvLineError(where, "completed_by", "missing: who annotated");
      const results = Array.isArray(a.result) ? a.result : [];
      results.forEach((r, k) => {
        const path = `${where}.result[${k}]`;
        if (!isObject(r) || r.type !== "choices") return void otherResults++;
        const choices = isObject(r.value) ? r.value.choices : undefined;
        if (!Array.isArray(choices) || choices.length !== 1 || typeof choices[0] !== "string")
          throw new CsvLineError(path, "value.choices", `expected exactly one chosen label, got ${JSON.stringify(choices)}`);
        const dimension = typeof r.from_name === "string" && r.from_name !== "" ? r.from_name : null;
        rows.push({ line: path, dimension, item: String(task.id), rater, category: choices[0].trim(), field: "value.choices" });
      });
    });
  });
  const notes = [`Label Studio export: ${tasks.length} tasks, ${rows.length} choices`];
  if (cancelled > 0) notes.push(`${cancelled} cancelled (skipped) annotation(s) not counted`);
  if (otherResults > 0) notes.push(`${otherResults} result(s) other than choices ignored`);
  return { rows, notes };
}
