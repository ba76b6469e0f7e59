// notes-chatqa JSON bundle: record-level mutations of patients (with notes) and conversations.
import fc from "fast-check";
import type { NotesBase, Rec } from "./bases";
import { indexed, pick, type Gen, type Path, type Target } from "./case";
import * as v from "./values";

const P = "patients";
const C = "conversations";
const note =
  (...rest: Path) =>
  (p: Rec): Path[] =>
    Array.isArray(p.notes) ? p.notes.map((_: unknown, k: number) => ["notes", k, ...rest]) : [];
const section =
  (key: string) =>
  (p: Rec): Path[] =>
    note()(p).flatMap((n) => ((v.get(p, [...n, "sections"]) as unknown[] | undefined) ?? []).map((_, j) => [...n, "sections", j, key]));
const turn = (key: string) => v.each(["turns"], key);

export const badIntId = fc.constantFrom<unknown>(-1, 1.5, "abc", "", "1-1", "9.00001E+05", null, true, []);
const badIntKey = fc.constantFrom<unknown>(0, -1, 1.5, "1", "1-Jan", null, true);
const badNonNegative = fc.constantFrom<unknown>(-1, 1.5, "1", "x", true, {});
export const badLabel = fc.constantFrom<unknown>("F", "a", "", "AB", " A", 1, null);
const OPTIONS = ["option_a", "option_b", "option_c", "option_d", "option_e"];

const FIELDS: v.FieldSpec[] = [
  { role: P, paths: v.at("subject_id"), bad: badIntId },
  { role: P, paths: v.at("notes"), bad: v.notArray.filter((x) => x !== null) },
  { role: P, paths: note(), bad: v.notObject },
  { role: P, paths: note("note_num"), bad: badIntKey },
  { role: P, paths: note("note_id"), bad: v.notNonEmptyString },
  { role: P, paths: note("hadm_id"), bad: badNonNegative },
  { role: P, paths: note("note_seq"), bad: badNonNegative },
  { role: P, paths: note("chartdate"), bad: v.badDate },
  { role: P, paths: note("storetime"), bad: v.badDateTime.filter((x) => x !== null) },
  { role: P, paths: note("text"), bad: v.notString },
  { role: P, paths: note("sections"), bad: v.notArray.filter((x) => x !== null) },
  { role: P, paths: section("title"), bad: v.notNonEmptyString },
  { role: P, paths: section("raw_title"), bad: v.notString },
  { role: P, paths: section("start"), bad: fc.constantFrom<unknown>(-1, 1.5, "0", null) },
  { role: C, paths: v.at("subject_id"), bad: badIntId },
  { role: C, paths: v.at("qa_category"), bad: v.notNonEmptyString },
  { role: C, paths: v.at("turns"), bad: fc.constantFrom<unknown>([], "x", 1, {}, null) },
  { role: C, paths: v.each(["turns"]), bad: v.notObject },
  { role: C, paths: turn("turn_order"), bad: badIntKey },
  { role: C, paths: turn("turn_index"), bad: badIntKey },
  { role: C, paths: turn("turn_type"), bad: fc.oneof(v.unknownWord(["content", "source"]), v.notString) },
  // An empty question is a finding, not a refusal.
  { role: C, paths: turn("question"), bad: v.notString },
  ...OPTIONS.map((o) => ({ role: C, paths: turn(o), bad: v.notString })),
  { role: C, paths: turn("correct_answer"), bad: badLabel },
];

const REQUIRED: Omit<v.FieldSpec, "bad">[] = [
  { role: P, paths: v.at("subject_id") },
  // note_id / note_seq are optional provenance (empty in releases whose input lacked it).
  ...["note_num", "hadm_id", "chartdate", "storetime", "text"].map((k) => ({ role: P, paths: note(k) })),
  ...["subject_id", "qa_category", "turns"].map((k) => ({ role: C, paths: v.at(k) })),
  ...["turn_order", "turn_index", "turn_type", "question", ...OPTIONS, "correct_answer"].map((k) => ({ role: C, paths: turn(k) })),
];

const turns = (b: Pick<NotesBase, "conversations">) =>
  indexed(b.conversations).flatMap((c) => (c.item.turns as Rec[]).map((t, k) => ({ c, t, k })));
const sourceTurns = (b: Pick<NotesBase, "conversations">) => turns(b).filter((x) => x.t.turn_type === "source");

type Records = Pick<NotesBase, "patients" | "conversations">;
type Mutation = (b: Records, g: Gen) => Target | undefined;

export const NOTES_BUNDLE_MUTATIONS: Record<string, Mutation> = {
  ...v.byField<Records>(FIELDS, REQUIRED),
  "section ends before it starts": (b, g) => {
    const options = indexed(b.patients).flatMap((p) => section("end")(p.item).map((path) => ({ p, path })));
    const { p, path } = pick(g, options);
    const start = v.get(p.item, [...path.slice(0, -1), "start"]) as number;
    if (start === 0) return undefined;
    v.set(p.item, path, g(fc.integer, { min: 0, max: start - 1 }));
    return { role: P, index: p.index, path, message: /is before start/ };
  },
  "note id does not match subject and sequence": (b, g) => {
    const p = pick(g, indexed(b.patients));
    const k = g(fc.nat, { max: p.item.notes.length - 1 });
    p.item.notes[k].note_id = `${p.item.subject_id}-DS-${p.item.notes[k].note_seq + 100}`;
    return { role: P, index: p.index, path: ["notes", k, "note_id"], message: /does not match/ };
  },
  "duplicate note number": (b, g) => {
    const p = pick(
      g,
      indexed(b.patients).filter((x) => x.item.notes.length > 1),
    );
    const k = g(fc.integer, { min: 1, max: p.item.notes.length - 1 });
    p.item.notes[k].note_num = p.item.notes[g(fc.nat, { max: k - 1 })].note_num;
    return { role: P, index: p.index, path: ["notes", k, "note_num"], message: /duplicate note_num/ };
  },
  "duplicate patient": (b, g) => {
    b.patients.push(structuredClone(pick(g, b.patients)));
    return { role: P, index: b.patients.length - 1, path: ["subject_id"], message: /duplicate subject_id/ };
  },
  "duplicate conversation": (b, g) => {
    b.conversations.push(structuredClone(pick(g, b.conversations)));
    return { role: C, index: b.conversations.length - 1, path: ["qa_category"], message: /duplicate conversation/ };
  },
  "conversation of an unknown patient": (b, g) => {
    const c = pick(g, indexed(b.conversations));
    c.item.subject_id = 999_999_000 + g(fc.nat, { max: 999 });
    return { role: C, index: c.index, path: ["subject_id"], message: /unknown patient/ };
  },
  "answer is not an option label": (b, g) => {
    const { c, k } = pick(g, turns(b));
    c.item.turns[k].correct_answer = g(fc.constantFrom, "F", "Z", "a", "1");
    return { role: C, index: c.index, path: ["turns", k, "correct_answer"] };
  },
  "source turn removed": (b, g) => {
    const { c, k } = pick(g, sourceTurns(b));
    c.item.turns.splice(k, 1);
    return { role: C, index: c.index, path: ["turns", k - 1, "turn_index"], message: /not followed by its source turn/ };
  },
  "duplicate turn order": (b, g) => {
    const { c, k } = pick(
      g,
      turns(b).filter((x) => x.k > 0),
    );
    c.item.turns[k].turn_order = c.item.turns[g(fc.nat, { max: k - 1 })].turn_order;
    return { role: C, index: c.index, path: ["turns", k, "turn_order"], message: /duplicate turn_order/ };
  },
  "source option names a note the patient lacks": (b, g) => {
    const { c, k } = pick(g, sourceTurns(b));
    const option = pick(g, OPTIONS);
    c.item.turns[k][option] = `Note #${g(fc.integer, { min: 50, max: 99 })} Chartdate: 2150-01-01 Headers: Chief Complaint`;
    return { role: C, index: c.index, path: ["turns", k, option], message: /names Note #\d+, but patient/ };
  },
  "gold sources disagree with the answer": (b, g) => {
    const { c, k } = pick(g, sourceTurns(b));
    c.item.turns[k].gold_sources = [{ note_num: 1, headers: ["Not A Header Anyone Cited"] }];
    return { role: C, index: c.index, path: ["turns", k, "gold_sources"], message: /do not match the correct option/ };
  },
};

/** Bundle top level (not `format`: without it the upload is not recognized at all). */
export const NOTES_HEADER_FIELDS: v.FieldSpec[] = [
  { role: "", paths: v.at("format_version"), bad: fc.constantFrom<unknown>("2.0", "1.x", "v1", 1, null) },
  { role: "", paths: v.at("dataset"), bad: fc.constantFrom<unknown>("x", 1, null) },
  { role: "", paths: v.at("patients"), bad: fc.constantFrom<unknown>("x", 1, {}) },
  { role: "", paths: v.at("conversations"), bad: fc.constantFrom<unknown>("x", 1, {}) },
];
