/**
 * Label Studio's JSON export (the agreement CLI and the web's agreement tool): an array of tasks, each with its
 * `annotations`; every `choices` result is one rating — item = task id, rater = `completed_by` (a
 * user id, or in newer exports an object with id and email), dimension = the control's `from_name`,
 * category = the one chosen label. Cancelled (skipped) annotations are not ratings.
 */
import type { RatingRow } from "./long";
import { RatingsFileError, type RatingsMessage } from "./messages";

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

/** Deeper JSON than this is refused before it is parsed (an export nests a handful of levels). */
export const MAX_JSON_DEPTH = 100;

/**
 * The line where `text` nests deeper than `max` arrays and objects, or null: one pass outside
 * strings, nothing allocated, so a nesting bomb is refused before JSON.parse builds it.
 */
export function tooDeepAt(text: string, max: number): number | null {
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return line;
    } else if (c === 93 || c === 125) depth--;
  }
  return null;
}

export function labelStudioRows(text: string): { rows: RatingRow[]; notes: RatingsMessage[] } {
  const deep = tooDeepAt(text, MAX_JSON_DEPTH);
  if (deep !== null) throw new RatingsFileError(deep, null, "tooDeep", { max: MAX_JSON_DEPTH });
  let tasks: unknown;
  try {
    tasks = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (e) {
    throw new RatingsFileError(1, null, "invalidJson", { detail: e instanceof Error ? e.message : String(e) });
  }
  if (!Array.isArray(tasks)) throw new RatingsFileError("(root)", null, "notTaskArray");
  const rows: RatingRow[] = [];
  let cancelled = 0;
  let otherResults = 0;
  tasks.forEach((task, t) => {
    const at = `[${t}]`;
    if (!isObject(task)) throw new RatingsFileError(at, null, "taskNotObject");
    if (typeof task.id !== "number" && typeof task.id !== "string") throw new RatingsFileError(at, "id", "missingTaskId");
    const annotations = task.annotations ?? [];
    if (!Array.isArray(annotations)) throw new RatingsFileError(at, "annotations", "notArray");
    annotations.forEach((a, n) => {
      const where = `${at}.annotations[${n}]`;
      if (!isObject(a)) throw new RatingsFileError(where, null, "annotationNotObject");
      if (a.was_cancelled === true) return void cancelled++;
      const rater = raterOf(a.completed_by);
      if (rater === null) throw new RatingsFileError(where, "completed_by", "missingAnnotator");
      const results = Array.isArray(a.result) ? a.result : [];
      results.forEach((r, k) => {
        const path = `${where}.result[${k}]`;
        if (!isObject(r) || r.type !== "choices") return void otherResults++;
        const choices = isObject(r.value) ? r.value.choices : undefined;
        if (!Array.isArray(choices) || choices.length !== 1 || typeof choices[0] !== "string")
          throw new RatingsFileError(path, "value.choices", "notOneChoice", { got: String(JSON.stringify(choices)).slice(0, 200) });
        const dimension = typeof r.from_name === "string" && r.from_name !== "" ? r.from_name : null;
        rows.push({ line: path, dimension, item: String(task.id), rater, category: choices[0].trim(), field: "value.choices" });
      });
    });
  });
  const notes: RatingsMessage[] = [{ code: "labelStudio", values: { tasks: tasks.length, choices: rows.length } }];
  if (cancelled > 0) notes.push({ code: "cancelled", values: { count: cancelled } });
  if (otherResults > 0) notes.push({ code: "otherResults", values: { count: otherResults } });
  return { rows, notes };
}
